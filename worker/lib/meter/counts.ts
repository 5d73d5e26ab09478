// What one invocation (a request, a cron run, a Durable Object's socket message) used of the
// resources the free plan limits per day. Filled by the binding wrappers in ./bindings.ts.

export interface MeterCounts {
  /** Worker invocations: fetch requests and scheduled runs (Durable Object work is counted apart). */
  workerRequests: number;
  /** D1 round trips: each prepare().first/all/run/raw, batch() or exec() call. */
  d1Queries: number;
  /** SQL statements sent to D1 (a batch of five is one query and five statements). */
  d1Statements: number;
  /** D1's own `meta.rows_read` and `meta.rows_written`, summed over the statements. */
  d1RowsRead: number;
  d1RowsWritten: number;
  /** KV operations; a bulk get counts one read per key, as KV bills it. */
  kvReads: number;
  kvWrites: number;
  kvDeletes: number;
  kvLists: number;
  /** R2 Class A (put, list, multipart) and Class B (get, head); deletes are free and counted apart. */
  r2ClassA: number;
  r2ClassB: number;
  r2Deletes: number;
  /** Durable Object requests: each stub fetch() or RPC method call. */
  doRequests: number;
  /** WebSocket messages a Durable Object received (billed as requests at 20:1). */
  doWebSocketMessages: number;
}

export const METER_FIELDS = [
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
] as const satisfies readonly (keyof MeterCounts)[];

export function emptyCounts(): MeterCounts {
  return Object.fromEntries(METER_FIELDS.map((field) => [field, 0])) as unknown as MeterCounts;
}

/** Adds `from` into `into` (and returns `into`). */
export function addCounts(into: MeterCounts, from: MeterCounts): MeterCounts {
  for (const field of METER_FIELDS) into[field] += from[field];
  return into;
}
