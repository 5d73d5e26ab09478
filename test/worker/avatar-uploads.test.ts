// Profile images uploaded through the listing image path (docs/api/users-and-community.md): the
// member's own stored upload becomes the avatar and is kept from the prune job; the one it
// replaces is released; other members' uploads, unstored or listing photos are refused.
import { env } from 'cloudflare:test';
import { exports } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { pruneAbandonedUploads } from '@worker/cron/prune-uploads';
import { AVATAR_UPLOAD_MESSAGE } from '@worker/lib/avatar-url';
import { call, createListing, json, ORIGIN, signUp, unique, type Member } from './helpers';

function jpegBytes(size = 1024): Uint8Array<ArrayBuffer> {
  const bytes = crypto.getRandomValues(new Uint8Array(size));
  bytes.set([0xff, 0xd8, 0xff, 0xe0]);
  return bytes;
}

/** The browser's three steps: a signed URL, the PUT of the bytes, the claim that names the path. */
async function upload(member: Member, { store = true } = {}) {
  const { uploadURL } = await json(await call('/api/objects/upload', { method: 'POST', cookie: member.cookie }));
  const key = `uploads/${/\/upload\/([0-9a-f-]{36})/.exec(uploadURL)![1]}`;
  if (!store)
    return {
      key,
      url: `${ORIGIN}/${key.replace('uploads/', 'objects/uploads/')}`,
      path: `/${key.replace('uploads/', 'objects/uploads/')}`,
    };
  const put = await exports.default.fetch(
    new Request(uploadURL, { method: 'PUT', body: jpegBytes(), headers: { 'Content-Type': 'image/jpeg' } }),
  );
  expect(put.status).toBe(200);
  const claimed = await call('/api/listing-images', {
    method: 'PUT',
    cookie: member.cookie,
    body: { imageURL: uploadURL },
  });
  const { objectPath } = await json(claimed);
  return { key, path: objectPath as string, url: `${ORIGIN}${objectPath}` };
}

const row = (key: string) =>
  env.DB.prepare('SELECT attached_at FROM uploads WHERE key = ?').bind(key).first<{ attached_at: string | null }>();
const setAvatar = (member: Member, avatarUrl: string | null) =>
  call(`/api/users/${member.id}`, { method: 'PATCH', cookie: member.cookie, body: { avatarUrl } });
const age = (key: string) =>
  env.DB.prepare("UPDATE uploads SET created_at = '2000-01-01T00:00:00.000Z' WHERE key = ?").bind(key).run();

describe('profile image uploads', () => {
  it('attaches the own upload, so the prune job keeps it and serves it', async () => {
    const member = await signUp();
    const image = await upload(member);
    const response = await setAvatar(member, image.url);
    expect(response.status).toBe(200);
    expect((await json(response)).avatarUrl).toBe(image.url);
    expect((await row(image.key))!.attached_at).not.toBeNull();

    await age(image.key);
    await pruneAbandonedUploads(env, Date.now());
    expect(await row(image.key)).not.toBeNull();
    expect(await env.IMAGES.head(image.key)).not.toBeNull();
    expect((await call(image.path)).status).toBe(200);
  });

  it('a new image releases the old one to the prune job; clearing it too', async () => {
    const member = await signUp();
    const first = await upload(member);
    const second = await upload(member);
    expect((await setAvatar(member, first.url)).status).toBe(200);
    expect((await setAvatar(member, second.url)).status).toBe(200);
    expect((await row(first.key))!.attached_at).toBeNull();
    expect((await row(second.key))!.attached_at).not.toBeNull();

    await age(first.key);
    await pruneAbandonedUploads(env, Date.now());
    expect(await row(first.key)).toBeNull();
    expect(await env.IMAGES.head(first.key)).toBeNull();
    expect(await env.IMAGES.head(second.key)).not.toBeNull();

    const cleared = await setAvatar(member, '');
    expect((await json(cleared)).avatarUrl).toBeNull();
    expect((await row(second.key))!.attached_at).toBeNull();
  });

  it('saving the same image again changes nothing', async () => {
    const member = await signUp();
    const image = await upload(member);
    expect((await setAvatar(member, image.url)).status).toBe(200);
    const attachedAt = (await row(image.key))!.attached_at;
    const again = await call(`/api/users/${member.id}`, {
      method: 'PATCH',
      cookie: member.cookie,
      body: { avatarUrl: image.url, bio: 'Still me' },
    });
    expect(again.status).toBe(200);
    expect((await row(image.key))!.attached_at).toBe(attachedAt);
  });

  it("refuses another member's upload, an upload whose bytes never arrived, and a listing's photo", async () => {
    const member = await signUp();
    const other = await signUp();
    const theirs = await upload(other);
    const unstored = await upload(member, { store: false });
    const photo = await upload(member);
    await createListing(member, { imageUrls: [photo.path] });
    for (const url of [theirs.url, unstored.url, photo.url]) {
      const response = await setAvatar(member, url);
      expect(response.status, url).toBe(400);
      expect(await json(response), url).toEqual({
        message: AVATAR_UPLOAD_MESSAGE,
        code: expect.any(String),
        errors: { avatarUrl: AVATAR_UPLOAD_MESSAGE },
      });
    }
    expect((await row(theirs.key))!.attached_at).toBeNull();
    const { avatarUrl } = await json(await call(`/api/users/${member.id}`, { cookie: member.cookie }));
    expect(avatarUrl).toBeNull();
  });

  it('an old avatar that is also one of the listing photos stays attached', async () => {
    const member = await signUp();
    const photo = await upload(member);
    await createListing(member, { imageUrls: [photo.path] });
    // Set before this check existed: the avatar names the listing's photo.
    await env.DB.prepare('UPDATE users SET avatar_url = ? WHERE id = ?').bind(photo.url, member.id).run();
    const next = await upload(member);
    expect((await setAvatar(member, next.url)).status).toBe(200);
    expect((await row(photo.key))!.attached_at).not.toBeNull();
  });

  it('registration refuses an image on this site: a new account has uploaded nothing', async () => {
    const owner = await signUp();
    const image = await upload(owner);
    const username = unique('reg');
    const response = await call('/api/auth/register', {
      body: {
        username,
        password: 'password123',
        email: `${username}@example.com`,
        displayName: 'New Member',
        avatarUrl: image.url,
      },
    });
    expect(response.status).toBe(400);
    expect((await json(response)).errors).toEqual({ avatarUrl: AVATAR_UPLOAD_MESSAGE });
  });
});
