// The Worker's entry: HTTP through Hono, Cron Triggers through the scheduled jobs.
import { app } from './app';
import { CommunityFeed as Feed } from './durable-objects/community-feed';
import { dispatchToCronJobs } from './durable-objects/cron-jobs';
import { ConversationRoom as Room } from './durable-objects/conversation-room';
import { MemberSockets as Sockets } from './durable-objects/member-sockets';
import { PushOutbox as Outbox } from './durable-objects/push-outbox';
import { meteredDurableObject, withMeter } from './lib/meter';

export { PasswordHasher } from './durable-objects/password-hasher';
// Each cron job runs as a call into this object: an invocation of its own (decision 022).
export { CronJobs } from './durable-objects/cron-jobs';
// Metering (METER=1, `npm run quota` only) counts each handler's binding use: worker/lib/meter.
export class ConversationRoom extends meteredDurableObject(Room) {}
// Its bell pushes read D1 (decision 027): metered as the rooms are.
export class MemberSockets extends meteredDurableObject(Sockets) {}
// The community feed's alarm reads D1 every 15 s while pages hold its sockets (decision 028).
export class CommunityFeed extends meteredDurableObject(Feed) {}
// A fan-out's Web Push past its first page, one page an alarm (decision 064).
export class PushOutbox extends meteredDurableObject(Outbox) {}

export default withMeter({
  fetch: app.fetch,
  // Only dispatches: each job is an invocation of the CronJobs object (worker/cron/index.ts).
  scheduled(controller, env, ctx) {
    ctx.waitUntil(dispatchToCronJobs(controller.cron, controller.scheduledTime, env));
  },
} satisfies ExportedHandler<Env>);
