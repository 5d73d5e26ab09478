// Migration 0046 (decision 060): barters gain each side's confirmation and a cancel reason, offers
// an expiry. A database is built at migration 0044 with barters in every state and open and
// answered offers, then 0046 is applied: completed barters carry both confirmations, a recorded
// pending barter its recorder's, one an accepted offer made neither; open offers lapse 7 days after
// they were made, answered ones never.
import { applyD1Migrations, env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';

const db = env.MIGRATION_TEST_DB;
const ADDED = '0046_';
const before = env.TEST_MIGRATIONS.filter((m) => m.name < ADDED);
const added = env.TEST_MIGRATIONS.filter((m) => m.name.startsWith(ADDED));

const first = <T>(sql: string, ...params: unknown[]) =>
  db
    .prepare(sql)
    .bind(...params)
    .first<T>();
const run = (sql: string, ...params: unknown[]) =>
  db
    .prepare(sql)
    .bind(...params)
    .run();

describe('migration 0046', () => {
  it('fills the confirmations and the open offers’ expiry from what the rows say', async () => {
    expect(added).toHaveLength(1);
    await applyD1Migrations(db, before);
    for (const name of ['owner', 'member'])
      await run(
        "INSERT INTO users (username, password, display_name, email) VALUES (?1, 'x', ?1, ?1 || '@example.com')",
        name,
      );
    const owner = (await first<{ id: number }>("SELECT id FROM users WHERE username = 'owner'"))!.id;
    const member = (await first<{ id: number }>("SELECT id FROM users WHERE username = 'member'"))!.id;
    const listing = (await first<{ id: number }>(
      "INSERT INTO listings (user_id, title, description, what_user_wants, location, distance) VALUES (?1, 'Lamp', 'd', 'w', 'Town', 5) RETURNING id",
      owner,
    ))!.id;
    const barter = async (status: string, completedAt: string | null) =>
      (await first<{ id: number }>(
        "INSERT INTO barters (listing_id, initiator_id, recipient_id, status, completed_at, created_at) VALUES (?1, ?2, ?3, ?4, ?5, '2026-01-01T00:00:00.000Z') RETURNING id",
        listing,
        owner,
        member,
        status,
        completedAt,
      ))!.id;
    const completed = await barter('completed', '2026-01-03T00:00:00.000Z');
    const recorded = await barter('pending', null);
    const fromOffer = await barter('pending', null);
    const cancelled = await barter('cancelled', null);
    const key = `${listing}-${Math.min(owner, member)}-${Math.max(owner, member)}`;
    const offer = async (status: string, barterId: number | null) =>
      (await first<{ id: number }>(
        "INSERT INTO offers (listing_id, conversation_key, from_user_id, to_user_id, status, text, barter_id, created_at) VALUES (?1, ?2, ?3, ?4, ?5, 'Oil', ?6, '2026-01-02T10:00:00.000Z') RETURNING id",
        listing,
        key,
        member,
        owner,
        status,
        barterId,
      ))!.id;
    const accepted = await offer('accepted', fromOffer);
    const open = await offer('open', null);

    await applyD1Migrations(db, added);

    const confirmations = (id: number) =>
      first(
        'SELECT initiator_confirmed_at AS i, recipient_confirmed_at AS r, cancel_reason AS reason FROM barters WHERE id = ?',
        id,
      );
    expect(await confirmations(completed)).toEqual({
      i: '2026-01-03T00:00:00.000Z',
      r: '2026-01-03T00:00:00.000Z',
      reason: null,
    });
    expect(await confirmations(recorded)).toEqual({ i: '2026-01-01T00:00:00.000Z', r: null, reason: null });
    expect(await confirmations(fromOffer)).toEqual({ i: null, r: null, reason: null });
    expect(await confirmations(cancelled)).toEqual({ i: null, r: null, reason: null });
    const expiry = (id: number) => first<{ e: string | null }>('SELECT expires_at AS e FROM offers WHERE id = ?', id);
    expect((await expiry(open))!.e).toBe('2026-01-09T10:00:00.000Z');
    expect((await expiry(accepted))!.e).toBeNull();
  });
});
