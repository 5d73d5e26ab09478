// Work that follows a reply (Durable Object pushes, match detection, R2 deletes, queued mail) runs
// in waitUntil, started on a later turn of the event loop, so none of it runs before the reply has
// left. Locally the Durable Objects run on the Worker's own thread: a push started before the
// reply delayed it (sending a message by about 2.8 ms; decision 033). Forgot-password relies on it
// too: a known address answers exactly as fast as an unknown one.
import type { Context } from 'hono';

/**
 * Runs `work` after the reply. Without an execution context (app.request in unit tests) it runs
 * before answering instead. `work` handles its own errors; one that escapes is logged.
 */
export async function afterReply(c: Context, work: () => Promise<unknown>): Promise<void> {
  let ctx: Context['executionCtx'] | undefined;
  try {
    ctx = c.executionCtx;
  } catch {
    ctx = undefined;
  }
  if (!ctx) {
    await work().catch(logEscaped);
    return;
  }
  ctx.waitUntil(scheduler.wait(1).then(work).catch(logEscaped));
}

function logEscaped(error: unknown) {
  console.error('work after the reply failed', error);
}
