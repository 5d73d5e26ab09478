// The Worker's entry: HTTP through Hono, Cron Triggers through the scheduled jobs.
import { app } from './app';
import { runScheduled } from './cron';
import { ConversationRoom as Room } from './durable-objects/conversation-room';
import { meteredDurableObject, withMeter } from './lib/meter';

export { PasswordHasher } from './durable-objects/password-hasher';
// Metering (METER=1, `npm run quota` only) counts each handler's binding use: worker/lib/meter.
export class ConversationRoom extends meteredDurableObject(Room) {}
// Its bell pushes read D1 (decision 027): metered as the rooms are.
export class MemberSockets extends meteredDurableObject(Sockets) {}
import { MemberSockets as Sockets } from './durable-objects/member-sockets';

export default withMeter({
  fetch: app.fetch,
  scheduled(controller, env, ctx) {
    ctx.waitUntil(runScheduled(controller.cron, controller.scheduledTime, env));
  },
} satisfies ExportedHandler<Env>);
