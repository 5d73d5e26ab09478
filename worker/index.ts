// The Worker's entry: HTTP through Hono, Cron Triggers through the scheduled jobs.
import { app } from './app';
import { runScheduled } from './cron';

export { PasswordHasher } from './durable-objects/password-hasher';
export { ConversationRoom } from './durable-objects/conversation-room';
export { MemberSockets } from './durable-objects/member-sockets';

export default {
  fetch: app.fetch,
  scheduled(controller, env, ctx) {
    ctx.waitUntil(runScheduled(controller.cron, controller.scheduledTime, env));
  },
} satisfies ExportedHandler<Env>;
