// The pushes of one fan-out beyond the first page (decision 064, "Fan-out"): the invocation that
// made the change sends the first PUSH_PAGE (20) itself and hands the rest here in one call. The object
// keeps them as pages in its storage and sends one page per alarm, each alarm an invocation of its
// own (its own 50 subrequests and 10 ms of CPU), re-arming itself until none is left; then it
// deletes everything it held. One object per fan-out (a new unique id), so two bursts never
// queue behind each other. An alarm that throws is retried by the runtime; a push that fails is
// not (push services answer a 429 or 5xx rarely, and the member still has the bell and the email).
import { DurableObject } from 'cloudflare:workers';
import type { PushItem } from '@worker/lib/web-push/delivery';
import { deliverPage, pagesOf, type PageOptions, type PageReport } from './push-pages';

const PAGE_PREFIX = 'page:';
/** Pages are keyed in order: `page:000001`, … */
const pageKey = (n: number) => `${PAGE_PREFIX}${String(n).padStart(6, '0')}`;

export class PushOutbox extends DurableObject<Env> {
  /** The clock the alarms are set by and the signatures dated by; tests replace it. */
  clock: () => number = () => Date.now();
  /** The outbound fetch; tests replace it with a stand-in push service. */
  outboundFetch: typeof fetch | undefined = undefined;

  /** Stores `items` as pages after any already held and arms the alarm; answers the pages held. */
  async enqueue(items: PushItem[]): Promise<number> {
    const storage = this.ctx.storage;
    const last = (await storage.get<number>('last')) ?? 0;
    const pages = pagesOf(items);
    const entries: Record<string, unknown> = { last: last + pages.length };
    pages.forEach((page, i) => (entries[pageKey(last + i + 1)] = page));
    await storage.put(entries);
    if ((await storage.getAlarm()) === null) await storage.setAlarm(this.clock());
    return (await storage.list({ prefix: PAGE_PREFIX })).size;
  }

  /** Sends the oldest page; arms the next alarm while pages remain, else forgets everything. */
  async alarm(): Promise<void> {
    const report = await this.sendNextPage();
    if (report === null) await this.ctx.storage.deleteAll();
  }

  /** One page out (null when none was left), then the next alarm if another page waits. */
  async sendNextPage(): Promise<PageReport | null> {
    const storage = this.ctx.storage;
    const [entry] = await storage.list<PushItem[]>({ prefix: PAGE_PREFIX, limit: 1 });
    if (!entry) return null;
    const [key, page] = entry;
    const options: PageOptions = { fetch: this.outboundFetch, now: this.clock() };
    const report = await deliverPage(this.env, page, options);
    await storage.delete(key);
    const next = await storage.list({ prefix: PAGE_PREFIX, limit: 1 });
    if (next.size > 0) await storage.setAlarm(this.clock());
    else await storage.deleteAll();
    return report;
  }
}
