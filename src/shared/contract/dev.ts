// Local development only (absent from a deployed instance): demo data, the mail outbox and a
// trade-circle pass on demand, for `npm start`, the tests and the benchmarks.
import * as v from 'valibot';
import { route } from './route';

/** A mail the instance wrote, as the local outbox shows it. */
export const outboxMail = v.strictObject({
  to: v.string(),
  subject: v.string(),
  text: v.string(),
  html: v.string(),
  status: v.picklist(['pending', 'sent', 'failed', 'expired']),
  createdAt: v.string(),
});
export type OutboxMail = v.InferOutput<typeof outboxMail>;

/** What one page of the trade-circle pass did (docs/algorithms/trade-circles.md). */
export const circlePassReport = v.strictObject({
  from: v.number(),
  to: v.number(),
  seeds: v.number(),
  queued: v.number(),
  window: v.number(),
  nextWindow: v.number(),
  edges: v.number(),
  rowsRead: v.number(),
  candidates: v.number(),
  chosen: v.number(),
  proposed: v.number(),
  lost: v.number(),
  exact: v.boolean(),
  truncated: v.boolean(),
  deferred: v.boolean(),
  wrapped: v.boolean(),
  swept: v.boolean(),
  paced: v.boolean(),
});

export const devRoutes = {
  outbox: route({
    method: 'GET',
    path: '/api/dev/outbox',
    tag: 'Development',
    summary: 'The newest 200 mails the instance wrote, optionally to one address',
    access: 'development',
    query: v.object({ to: v.optional(v.string()) }),
    reply: v.array(outboxMail),
  }),
  seed: route({
    method: 'POST',
    path: '/api/dev/seed',
    tag: 'Development',
    summary: 'Load the demo community when the database has no members yet',
    access: 'development',
    reply: v.strictObject({ seeded: v.boolean() }),
  }),
  circlePass: route({
    method: 'POST',
    path: '/api/dev/trade-circles/pass',
    tag: 'Development',
    summary: 'Run one page of the trade-circle pass now, with what it cost',
    access: 'development',
    reply: v.strictObject({
      report: v.nullable(circlePassReport),
      statements: v.number(),
      rowsRead: v.number(),
      rowsWritten: v.number(),
    }),
  }),
};
