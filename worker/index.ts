// The Worker's entry: HTTP through Hono, Cron Triggers through the scheduled jobs.
import { app } from './app';
import { runScheduled } from './cron';
import { CommunityFeed as Feed } from './durable-objects/community-feed';
import { ConversationRoom as Room } from './durable-objects/conversation-room';
import { MemberSockets as Sockets } from './durable-objects/member-sockets';
import { meteredDurableObject, withMeter } from './lib/meter';

export { PasswordHasher } from './durable-objects/password-hasher';
// Metering (METER=1, `npm run quota` only) counts each handler's binding use: worker/lib/meter.
export class ConversationRoom extends meteredDurableObject(Room) {}
// Its bell pushes read D1 (decision 027): metered as the rooms are.
export class MemberSockets extends meteredDurableObject(Sockets) {}
// The community feed's alarm reads D1 every 15 s while pages hold its sockets (decision 028).
export class CommunityFeed extends meteredDurableObject(Feed) {}

export default withMeter({
  fetch: app.fetch,
  scheduled(controller, env, ctx) {
    ctx.waitUntil(runScheduled(controller.cron, controller.scheduledTime, env));
  },
} satisfies ExportedHandler<Env>);
