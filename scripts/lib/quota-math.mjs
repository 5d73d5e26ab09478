// The arithmetic of `npm run quota` (scripts/quota.mjs), kept free of I/O so it can be tested
// (test/smoke/quota-math.test.ts): the free plan's daily limits, summing metered counts, turning
// a member-day and the fixed daily costs into members a day per resource, the KV budget's sign-ins
// and sign-ups, and naming the request kinds the browser sends.

/** The metering layer's fields (worker/lib/meter/counts.ts). */
export const FIELDS = [
  'workerRequests',
  'd1Queries',
  'd1Statements',
  'd1RowsRead',
  'd1RowsWritten',
  'kvReads',
  'kvWrites',
  'kvDeletes',
  'kvLists',
  'r2ClassA',
  'r2ClassB',
  'r2Deletes',
  'doRequests',
  'doWebSocketMessages',
];

/** Free plan, per day (docs/performance.md cites the Cloudflare pages these come from). R2's are monthly ÷ 30. */
export const LIMITS = {
  workerRequests: { label: 'Worker requests', limit: 100_000 },
  d1RowsRead: { label: 'D1 rows read', limit: 5_000_000 },
  d1RowsWritten: { label: 'D1 rows written', limit: 100_000 },
  kvReads: { label: 'KV reads', limit: 100_000 },
  kvWrites: { label: 'KV writes', limit: 1_000 },
  kvDeletes: { label: 'KV deletes', limit: 1_000 },
  kvLists: { label: 'KV lists', limit: 1_000 },
  doRequests: { label: 'Durable Object requests', limit: 100_000 },
  r2ClassA: { label: 'R2 Class A ops (1M/month ÷ 30)', limit: Math.floor(1_000_000 / 30) },
  r2ClassB: { label: 'R2 Class B ops (10M/month ÷ 30)', limit: Math.floor(10_000_000 / 30) },
  d1Queries: { label: 'D1 queries (no daily limit)', limit: null },
};

export const zero = () => Object.fromEntries(FIELDS.map((f) => [f, 0]));

/** Adds `from` × `times` into `into` (missing fields count 0); returns `into`. */
export function add(into, from, times = 1) {
  for (const f of FIELDS) into[f] += (from?.[f] ?? 0) * times;
  return into;
}

/** `a` − `b`, field by field. */
export const minus = (a, b) => add(add(zero(), a), b, -1);

/** Durable Object requests as billed: stub calls and alarms, plus received WebSocket messages at 20:1. */
export const billedDoRequests = (c) => c.doRequests + c.doWebSocketMessages / 20;

/** A resource's use in the units its limit counts (Durable Objects: billed requests). */
export const usageOf = (counts, field) => (field === 'doRequests' ? billedDoRequests(counts) : counts[field]);

/**
 * Members a day that fit each limited resource: floor((limit − fixed) / per member), 0 when the
 * fixed costs alone pass the limit, Infinity when a member uses none. Returns the rows (in
 * LIMITS order) and the binding one (fewest members).
 */
export function capacity(perMemberDay, fixedPerDay) {
  const resources = Object.entries(LIMITS).map(([field, { label, limit }]) => {
    const perMember = usageOf(perMemberDay, field);
    const fixed = usageOf(fixedPerDay, field);
    let members = null;
    if (limit !== null)
      members = perMember > 0 ? Math.max(0, Math.floor((limit - fixed) / perMember)) : fixed > limit ? 0 : Infinity;
    return { field, label, perMemberDay: perMember, fixedPerDay: fixed, limit, membersThatFit: members };
  });
  const limited = resources.filter((r) => r.membersThatFit !== null);
  const binding = limited.reduce((a, b) => (b.membersThatFit < a.membersThatFit ? b : a));
  return { resources, binding };
}

/**
 * A member-day with a media domain (decision 028), from one measured without: the photo loads the
 * browser sent to the Worker's /objects routes go to the CDN instead, so those requests and what
 * the Worker did for them (its session read, its D1 lookup) leave the count; their R2 reads stay
 * (as if every load missed the CDN: an upper bound).
 */
export function withMediaDomain(perMemberDay, photoCountsPerMemberDay) {
  const out = minus(perMemberDay, photoCountsPerMemberDay);
  for (const f of ['r2ClassA', 'r2ClassB']) out[f] += photoCountsPerMemberDay[f] ?? 0;
  return out;
}

/**
 * How many of an action a day the KV budget allows: (limit − the KV use of everything else) ÷ the
 * action's own use, per KV operation it uses (writes and deletes have separate 1,000 limits).
 * `perAction` and `otherPerDay` are metered counts. Infinity when the action uses no KV writes or deletes.
 */
export function kvActionsPerDay(perAction, otherPerDay) {
  let fit = Infinity;
  let bindingField = null;
  for (const field of ['kvWrites', 'kvDeletes']) {
    const each = perAction[field] ?? 0;
    if (each <= 0) continue;
    const n = Math.max(0, Math.floor((LIMITS[field].limit - (otherPerDay[field] ?? 0)) / each));
    if (n < fit) {
      fit = n;
      bindingField = field;
    }
  }
  return { perDay: fit, binding: bindingField ? LIMITS[bindingField].label : null };
}

/**
 * How many of an action a day D1's rows written allow, alone beside the fixed daily costs: since
 * decision 037 a session is a D1 row and KV only its budgeted cache, so rows written, not the
 * 1,000 KV writes, bound sign-ins and sign-ups.
 */
export function d1ActionsPerDay(perAction, fixedPerDay) {
  const each = perAction.d1RowsWritten ?? 0;
  if (each <= 0) return Infinity;
  return Math.max(0, Math.floor((LIMITS.d1RowsWritten.limit - (fixedPerDay.d1RowsWritten ?? 0)) / each));
}

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;

/**
 * A request's kind, for the per-kind table: method and path with ids as :id, uuids as :uuid, a
 * conversation's key as :conversation, and the query's parameter names (not their values), e.g.
 * "GET /api/listings?distance&limit&offset&search". Photos are named as photos.
 */
export function requestKind(method, url) {
  const { pathname, searchParams } = new URL(url, 'http://x');
  if (pathname.startsWith('/objects/'))
    return `${method} ${pathname.endsWith('/thumb') ? '/objects/uploads/:uuid/thumb (photo thumbnail)' : '/objects/uploads/:uuid (photo)'}`;
  const path = pathname
    .replace(UUID, ':uuid')
    .replace(/\/\d+-\d+-\d+(?=\/|$)/g, '/:conversation')
    .replace(/\/\d+(?=\/|$)/g, '/:id')
    .replace(/\/(users\/username)\/[^/]+/, '/$1/:name');
  const names = [...new Set(searchParams.keys())].sort();
  return `${method} ${path}${names.length ? `?${names.join('&')}` : ''}`;
}

/** Is this request one of the photo loads a media domain takes off the Worker (mediaUrl, src/shared/media.ts)? */
export const isPhotoLoad = (url) =>
  /^\/objects\/uploads\/[0-9a-f-]{36}(\/thumb)?$/.test(new URL(url, 'http://x').pathname);
