// The demo community loads with a photo or three on every listing and an avatar for every member,
// stored in R2 as uploads and served like members' photos (docs/decisions/019-demo-photos-and-thumbnails.md).
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { OBJECT_PATH_PATTERN } from '@/shared/constants';
import { createDb } from '@worker/db/client';
import { seedDemoCommunity } from '@worker/dev/seed';
import { SEED_LISTINGS, SEED_MEMBERS } from '@worker/dev/seed-data';
import { call, json, ORIGIN } from './helpers';

const MAX_BYTES = 60 * 1024;

/** The served image's bytes, after checking it is a JPEG within the size budget. */
async function served(path: string): Promise<Uint8Array> {
  const response = await call(path);
  expect(response.status, path).toBe(200);
  expect(response.headers.get('Content-Type')).toBe('image/jpeg');
  const bytes = new Uint8Array(await response.arrayBuffer());
  expect(Array.from(bytes.slice(0, 3))).toEqual([0xff, 0xd8, 0xff]);
  expect(bytes.length).toBeLessThanOrEqual(MAX_BYTES);
  return bytes;
}

describe('the demo community', () => {
  it('gives every listing one to three photos with thumbnails and every member an avatar, as uploads', async () => {
    // This file's storage starts empty, so the seed runs.
    expect(await seedDemoCommunity(env, createDb(env.DB), ORIGIN)).toBe(true);

    const listings = await env.DB.prepare('SELECT id, user_id, title, image_urls FROM listings').all<{
      id: number;
      user_id: number;
      title: string;
      image_urls: string;
    }>();
    expect(listings.results).toHaveLength(SEED_LISTINGS.length);
    const paths = new Set<string>();
    for (const listing of listings.results) {
      const images = JSON.parse(listing.image_urls) as string[];
      expect(images.length, listing.title).toBeGreaterThanOrEqual(1);
      expect(images.length, listing.title).toBeLessThanOrEqual(3);
      for (const path of images) {
        expect(path).toMatch(OBJECT_PATH_PATTERN);
        paths.add(path);
        const [photo, thumb] = [await served(path), await served(`${path}/thumb`)];
        // A real thumbnail, not the photo again.
        expect(thumb.length).toBeLessThan(photo.length);
        const row = await env.DB.prepare('SELECT user_id, stored_at, attached_at FROM uploads WHERE key = ?')
          .bind(path.replace('/objects/', ''))
          .first<any>();
        expect(row).toMatchObject({
          user_id: listing.user_id,
          stored_at: expect.any(String),
          attached_at: expect.any(String),
        });
      }
    }
    // No two listings share a photo (deleting one would delete the other's).
    expect(paths.size).toBe(listings.results.reduce((n, l) => n + JSON.parse(l.image_urls).length, 0));

    const members = await env.DB.prepare('SELECT id, username, avatar_url FROM users').all<{
      id: number;
      username: string;
      avatar_url: string;
    }>();
    expect(members.results).toHaveLength(SEED_MEMBERS.length);
    for (const member of members.results) {
      const url = new URL(member.avatar_url);
      expect(url.origin).toBe(ORIGIN);
      expect(url.pathname).toMatch(OBJECT_PATH_PATTERN);
      await served(url.pathname);
      expect(
        await env.DB.prepare('SELECT user_id FROM uploads WHERE key = ?')
          .bind(url.pathname.replace('/objects/', ''))
          .first<any>(),
      ).toEqual({ user_id: member.id });
    }

    // The API hands them out like members' photos, and the seed does not run twice.
    const featured = await json<any[]>(await call('/api/listings/featured'));
    expect(featured.length).toBeGreaterThan(0);
    expect(featured.every((l) => l.imageUrls.length > 0 && l.user.avatarUrl)).toBe(true);
    expect(await seedDemoCommunity(env, createDb(env.DB), ORIGIN)).toBe(false);
  });

  it('ships every demo image file within 60 KB', async () => {
    const manifest = await (
      await env.ASSETS.fetch('https://assets.local/demo-images/manifest.json')
    ).json<{ listings: Record<string, string[]>; avatars: Record<string, string> }>();
    const names = [
      ...Object.values(manifest.listings).flatMap((list) =>
        list.flatMap((name) => [`${name}.jpg`, `${name}.thumb.jpg`]),
      ),
      ...Object.values(manifest.avatars).map((name) => `${name}.jpg`),
    ];
    expect(names.length).toBeGreaterThan(SEED_LISTINGS.length * 2);
    for (const name of names) {
      const response = await env.ASSETS.fetch(`https://assets.local/demo-images/${name}`);
      expect(response.status, name).toBe(200);
      expect((await response.arrayBuffer()).byteLength, name).toBeLessThanOrEqual(MAX_BYTES);
    }
  });
});
