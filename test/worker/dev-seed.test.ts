// The demo community loader (worker/dev/seed.ts, POST /api/dev/seed): a lookup that fails before
// anything is written leaves the database as it was, so the seed can simply be run again.
// This file's storage starts empty (one per test file), which the seed needs.
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { createDb } from '@worker/db/client';
import { seedDemoCommunity } from '@worker/dev/seed';
import { clearGazetteerCache } from '@worker/lib/gazetteer';

const countOf = async (table: string) =>
  (await env.DB.prepare(`SELECT COUNT(*) AS n FROM ${table}`).first<{ n: number }>())!.n;

describe('seedDemoCommunity', () => {
  it('writes nothing when the gazetteer cannot be read, and seeds everything on the next try', async () => {
    const db = createDb(env.DB);
    clearGazetteerCache();
    const refusing = {
      ...env,
      ASSETS: { fetch: async () => new Response('Blocked request.', { status: 403 }) },
    } as unknown as Env;
    await expect(seedDemoCommunity(refusing, db, 'http://localhost')).rejects.toThrow(
      /Gazetteer file index\.json could not be read/,
    );
    for (const table of ['users', 'listings', 'messages', 'barters', 'reviews', 'community_events', 'notifications']) {
      expect({ table, rows: await countOf(table) }).toEqual({ table, rows: 0 });
    }

    clearGazetteerCache();
    expect(await seedDemoCommunity(env, db, 'http://localhost')).toBe(true);
    expect(await countOf('users')).toBeGreaterThan(0);
    expect(await countOf('listings')).toBeGreaterThanOrEqual(25);
    // Every demo listing's location resolved to coordinates through the gazetteer.
    expect(await countOf('listings WHERE latitude IS NULL OR longitude IS NULL')).toBe(0);
    // A second run finds members and changes nothing.
    const listings = await countOf('listings');
    expect(await seedDemoCommunity(env, db, 'http://localhost')).toBe(false);
    expect(await countOf('listings')).toBe(listings);
  });
});
