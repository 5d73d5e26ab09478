// The metering layer behind `npm run quota`: it counts D1's own rows read/written and statements,
// KV and Durable Object calls, and stays off unless METER=1 (and never in production).
import { createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test';
import { exports } from 'cloudflare:workers';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createDb } from '@worker/db/client';
import {
  emptyCounts,
  meteredDurableObject,
  meterEnv,
  meteringOn,
  METER_HEADER,
  METER_REQUEST_HEADER,
  type MeterCounts,
} from '@worker/lib/meter';
import worker from '@worker/index';
import { insertListing, ORIGIN, randomIp, signUp } from './helpers';

async function freshTable(rows: number) {
  const table = `meter_${crypto.randomUUID().replaceAll('-', '')}`;
  await env.DB.exec(`CREATE TABLE ${table} (id INTEGER PRIMARY KEY, name TEXT NOT NULL)`);
  if (rows > 0)
    await env.DB.batch(
      Array.from({ length: rows }, (_, i) => env.DB.prepare(`INSERT INTO ${table} (name) VALUES (?)`).bind(`row ${i}`)),
    );
  return table;
}

describe('the D1 meter', () => {
  it('counts the statements of a batch and the rows D1 says it wrote', async () => {
    const table = await freshTable(0);
    const counts = emptyCounts();
    const db = meterEnv(env, counts).DB;
    const results = await db.batch(
      ['a', 'b', 'c'].map((name) => db.prepare(`INSERT INTO ${table} (name) VALUES (?)`).bind(name)),
    );
    expect(results).toHaveLength(3);
    expect(counts).toMatchObject({ d1Queries: 1, d1Statements: 3, d1RowsWritten: 3 });
    const stored = await env.DB.prepare(`SELECT count(*) AS n FROM ${table}`).first<{ n: number }>();
    expect(stored?.n).toBe(3);
  });

  it('counts rows read by a full scan through first(), all() and raw(), with their results intact', async () => {
    const table = await freshTable(7);
    const counts = emptyCounts();
    const db = meterEnv(env, counts).DB;
    // A scan that filters on an unindexed column reads every row, whatever it returns.
    expect(await db.prepare(`SELECT name FROM ${table} WHERE name = ?`).bind('row 3').first('name')).toBe('row 3');
    expect(counts).toMatchObject({ d1Queries: 1, d1Statements: 1, d1RowsRead: 7, d1RowsWritten: 0 });
    const all = await db.prepare(`SELECT id, name FROM ${table} ORDER BY id`).all();
    expect(all.results).toHaveLength(7);
    expect(all.meta.rows_read).toBe(7);
    expect(await db.prepare(`SELECT name, name FROM ${table} WHERE id = 1`).raw()).toEqual([['row 0', 'row 0']]);
    expect(counts).toMatchObject({ d1Queries: 3, d1Statements: 3, d1RowsRead: 7 + 7 + 1 });
  });

  it('counts what Drizzle sends through the metered binding, and updates and deletes as rows written', async () => {
    const table = await freshTable(5);
    const counts = emptyCounts();
    const db = createDb(meterEnv(env, counts).DB);
    const rows = await db.all<{ name: string }>(sql.raw(`SELECT name FROM ${table} WHERE id <= 2 ORDER BY id`));
    expect(rows.map((row) => row.name)).toEqual(['row 0', 'row 1']);
    await db.run(sql.raw(`UPDATE ${table} SET name = 'changed' WHERE id IN (1, 2)`));
    await db.run(sql.raw(`DELETE FROM ${table} WHERE id = 5`));
    expect(counts.d1Queries).toBe(3);
    expect(counts.d1Statements).toBe(3);
    expect(counts.d1RowsWritten).toBe(3);
    expect(counts.d1RowsRead).toBeGreaterThanOrEqual(2);
  });
});

describe('the binding meters', () => {
  it('counts KV reads, writes, deletes and lists', async () => {
    const counts = emptyCounts();
    const kv = meterEnv(env, counts).SESSIONS;
    const key = `meter-test:${crypto.randomUUID()}`;
    await kv.put(key, 'value');
    expect(await kv.get(key)).toBe('value');
    expect(await kv.get(`${key}:missing`)).toBeNull();
    await kv.list({ prefix: 'meter-test:' });
    await kv.delete(key);
    expect(counts).toMatchObject({ kvReads: 2, kvWrites: 1, kvDeletes: 1, kvLists: 1 });
  });

  it('counts R2 Class A and Class B operations', async () => {
    const counts = emptyCounts();
    const bucket = meterEnv(env, counts).IMAGES;
    const key = `meter-test/${crypto.randomUUID()}`;
    await bucket.put(key, 'bytes');
    expect(await (await bucket.get(key))?.text()).toBe('bytes');
    await bucket.head(key);
    await bucket.delete(key);
    expect(counts).toMatchObject({ r2ClassA: 1, r2ClassB: 2, r2Deletes: 1 });
  });

  it('counts each Durable Object RPC call as a request', async () => {
    const counts = emptyCounts();
    const ns = meterEnv(env, counts).PASSWORD_HASHER;
    const stub = ns.get(ns.idFromName('meter-test'));
    const params = {
      algorithm: 'argon2id' as const,
      salt: 'c2FsdHNhbHRzYWx0c2FsdA',
      memorySize: 19456,
      passes: 2,
      parallelism: 1,
      tagLength: 32,
    };
    const key = await stub.deriveKey('password123', params);
    expect(await stub.deriveKey('password123', params)).toBe(key);
    expect(counts.doRequests).toBe(2);
  });
});

describe('metering in the Worker', () => {
  const request = (path: string) => new Request(`${ORIGIN}${path}`, { headers: { 'CF-Connecting-IP': randomIp() } });

  it('is off unless METER is "1", and always off in production', async () => {
    expect(env.METER).toBeUndefined();
    expect(meteringOn(env)).toBe(false);
    expect(meteringOn({ ...env, METER: '1' })).toBe(true);
    expect(meteringOn({ ...env, METER: '1', ENVIRONMENT: 'production' })).toBe(false);
    const plain = await exports.default.fetch(request('/api/categories'));
    expect(plain.status).toBe(200);
    expect(plain.headers.get(METER_HEADER)).toBeNull();
    const production = await worker.fetch(
      request('/api/categories'),
      { ...env, METER: '1', ENVIRONMENT: 'production' },
      createExecutionContext(),
    );
    expect(production.headers.get(METER_HEADER)).toBeNull();
    // The meter's own endpoint does not exist without metering.
    expect((await exports.default.fetch(request('/api/dev/meter'))).status).toBe(404);
  });

  it("reports a request's counts in X-Meter when METER=1", async () => {
    const ctx = createExecutionContext();
    const response = await worker.fetch(request('/api/categories'), { ...env, METER: '1' }, ctx);
    await waitOnExecutionContext(ctx);
    expect(response.status).toBe(200);
    const counts = JSON.parse(response.headers.get(METER_HEADER) ?? 'null');
    expect(counts.workerRequests).toBe(1);
    expect(counts.d1Queries).toBeGreaterThanOrEqual(1);
    expect(counts.d1RowsRead).toBeGreaterThanOrEqual(1);
    expect(counts.kvReads).toBe(0); // no session cookie, so no session read

    const totals = await worker.fetch(request('/api/dev/meter'), { ...env, METER: '1' }, createExecutionContext());
    const state = (await totals.json()) as { requests: { workerRequests: number } };
    expect(state.requests.workerRequests).toBeGreaterThanOrEqual(1);
  });

  it("counts a request's work after the reply in its settled counts (GET /api/dev/meter?request=)", async () => {
    const metered = { ...env, METER: '1' };
    const [owner, member] = await Promise.all([signUp(), signUp()]);
    const listingId = await insertListing(owner);
    const ctx = createExecutionContext();
    const body = JSON.stringify({
      senderId: member.id,
      receiverId: owner.id,
      listingId,
      content: 'Is it still there?',
    });
    const sent = await worker.fetch(
      new Request(`${ORIGIN}/api/messages`, {
        method: 'POST',
        body,
        headers: {
          'CF-Connecting-IP': randomIp(),
          Cookie: member.cookie,
          Origin: ORIGIN,
          'Content-Type': 'application/json',
        },
      }),
      metered,
      ctx,
    );
    expect(sent.status).toBe(201);
    // The room's fan-out and the receiver's bell push start after the reply (afterReply): only the
    // settled counts have them.
    const header = JSON.parse(sent.headers.get(METER_HEADER) ?? 'null');
    expect(header.doRequests).toBe(0);
    const id = sent.headers.get(METER_REQUEST_HEADER);
    expect(id).toMatch(/^[0-9]+$/);
    const settled = await (
      await worker.fetch(request(`/api/dev/meter?request=${id}`), metered, createExecutionContext())
    ).json<typeof header>();
    expect(settled.doRequests).toBe(2);
    expect(settled.d1Queries).toBeGreaterThanOrEqual(header.d1Queries);
    await waitOnExecutionContext(ctx);
    expect((await worker.fetch(request('/api/dev/meter?request=0'), metered, createExecutionContext())).status).toBe(
      404,
    );
    // A request that leaves no work after its reply has no number: its header is the whole count.
    const plain = await worker.fetch(request('/api/categories'), metered, createExecutionContext());
    expect(plain.headers.get(METER_HEADER)).not.toBeNull();
    expect(plain.headers.get(METER_REQUEST_HEADER)).toBeNull();
  });
});

describe('alarms', () => {
  it("counts an alarm's invocation and its reads apart from the rest of the Durable Objects' work (a fixed daily cost)", async () => {
    const metered = { ...env, METER: '1' };
    const request = (path: string) => new Request(`${ORIGIN}${path}`, { headers: { 'CF-Connecting-IP': randomIp() } });
    class Reader {
      constructor(
        readonly ctx: DurableObjectState,
        readonly env: Env,
      ) {}
      async alarm() {
        await this.env.DB.prepare('SELECT 1').first();
      }
    }
    const Metered = meteredDurableObject(Reader);
    const totals = async () =>
      (await (await worker.fetch(request('/api/dev/meter'), metered, createExecutionContext())).json()) as {
        durableObjects: MeterCounts;
        alarms: MeterCounts;
      };
    const before = await totals();
    await new Metered({} as DurableObjectState, metered).alarm();
    const after = await totals();
    expect(after.alarms.doRequests - before.alarms.doRequests).toBe(1);
    expect(after.alarms.d1Queries - before.alarms.d1Queries).toBe(1);
    // The alarm is Durable Object work too: the totals keep it, the alarms say which part it was.
    expect(after.durableObjects.doRequests - before.durableObjects.doRequests).toBe(1);
    expect(after.durableObjects.d1Queries - before.durableObjects.d1Queries).toBe(1);
  });
});
