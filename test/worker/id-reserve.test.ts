// Id reserves (decision 032): messages and notifications are inserted with max(id) + 1 under a
// sequence kept ahead, so no insert writes its sqlite_sequence row. These pin that the ids stay
// distinct and increasing, that the daily top-up keeps the reserve, and that an exhausted reserve
// costs a row written per insert again but breaks nothing.
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { notifyStatements } from '@worker/db/queries/bulk';
import { pruneExpiredRows } from '@worker/cron/prune-expired';
import { ID_RESERVE } from '@worker/db/id-reserve';
import { call, insertListing, json, signUp } from './helpers';

const seq = (table: string) =>
  env.DB.prepare('SELECT seq FROM sqlite_sequence WHERE name = ?1').bind(table).first<number>('seq');
const maxId = (table: string) => env.DB.prepare(`SELECT coalesce(max(id), 0) AS n FROM ${table}`).first<number>('n');

describe('id reserves', () => {
  it('messages take max(id) + 1 under the reserve, and the daily top-up keeps it ahead', async () => {
    await pruneExpiredRows(env.DB, Date.now()); // raw inserts of other tests may have used it up
    const [owner, member] = await Promise.all([signUp(), signUp()]);
    const listingId = await insertListing(owner, 'Brass lamp');
    const before = await seq('messages');
    expect(before! - (await maxId('messages'))!).toBeGreaterThanOrEqual(ID_RESERVE / 2);

    const ids: number[] = [];
    for (const content of ['One', 'Two', 'Three']) {
      const response = await call('/api/messages', {
        cookie: member.cookie,
        body: { senderId: member.id, receiverId: owner.id, listingId, content },
      });
      expect(response.status).toBe(201);
      ids.push((await json(response)).id);
    }
    const first = ids[0]!;
    expect(ids).toEqual([first, first + 1, first + 2]);
    expect(await seq('messages')).toBe(before); // no insert wrote the sequence row

    // Above half the reserve: the top-up writes nothing.
    await pruneExpiredRows(env.DB, Date.now());
    expect(await seq('messages')).toBe(before);

    // Used up (as by an insert made by hand without an id): inserts still work and write the
    // sequence row; the next daily run restores the reserve.
    await env.DB.prepare('UPDATE sqlite_sequence SET seq = (SELECT max(id) FROM messages) WHERE name = ?1')
      .bind('messages')
      .run();
    const response = await call('/api/messages', {
      cookie: owner.cookie,
      body: { senderId: owner.id, receiverId: member.id, listingId, content: 'Four' },
    });
    expect(response.status).toBe(201);
    const fourth = (await json(response)).id;
    expect(fourth).toBe(first + 3);
    expect(await seq('messages')).toBe(fourth);
    await pruneExpiredRows(env.DB, Date.now());
    expect(await seq('messages')).toBe(fourth + ID_RESERVE);
  });

  it('several notifications in one statement each get their own id', async () => {
    await pruneExpiredRows(env.DB, Date.now());
    const members = await Promise.all([signUp(), signUp(), signUp()]);
    const before = await seq('notifications');
    const top = (await maxId('notifications'))!;
    const rows = members.map((m, i) => ({
      userId: m.id,
      kind: 'saved_search',
      subjectKey: `search:test-${i}-${m.id}`,
      text: 'New listings',
      link: '/browse',
      count: 1,
    }));
    await env.DB.batch(notifyStatements(env.DB, rows, new Date().toISOString()));
    const stored = await env.DB.prepare('SELECT id FROM notifications WHERE id > ?1 ORDER BY id')
      .bind(top)
      .all<{ id: number }>();
    expect(stored.results.map((r) => r.id)).toEqual([top + 1, top + 2, top + 3]);
    expect(await seq('notifications')).toBe(before);
    // The same rows again bump the entries in place: no new ids.
    await env.DB.batch(notifyStatements(env.DB, rows, new Date().toISOString()));
    expect(await maxId('notifications')).toBe(top + 3);
  });
});
