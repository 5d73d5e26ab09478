import { env } from 'cloudflare:test';
import { exports } from 'cloudflare:workers';
import { describe, expect, it, vi } from 'vitest';
import { MAX_IMAGE_BYTES } from '@/shared/constants';
import { MAX_UNATTACHED_UPLOADS } from '@worker/db/queries/images';
import { hmacSign } from '@worker/lib/crypto';
import { TOO_MANY_UPLOADS } from '@worker/routes/images';
import { call, createListing, json, ORIGIN, signUp, validListing, type Member } from './helpers';

const TEST_SIGNING_SECRET = 'test-signing-secret-0123456789abcdef';

/** A small body that starts with the JPEG signature (FF D8 FF) and differs per call. */
function jpegBytes(size = 2048): Uint8Array<ArrayBuffer> {
  const bytes = crypto.getRandomValues(new Uint8Array(size));
  bytes.set([0xff, 0xd8, 0xff, 0xe0]);
  return bytes;
}

/** The signed PUT, as the browser sends it: raw bytes, no cookie, no JSON. */
function put(url: string, body: BodyInit | null, contentType: string | null = 'image/jpeg') {
  const headers: Record<string, string> = {};
  if (contentType) headers['Content-Type'] = contentType;
  return exports.default.fetch(new Request(url, { method: 'PUT', body, headers }));
}

async function uploadUrl(member: Member): Promise<string> {
  const response = await call('/api/objects/upload', { method: 'POST', cookie: member.cookie });
  expect(response.status).toBe(200);
  return (await json(response)).uploadURL;
}

const uuidOf = (url: string) => /\/api\/objects\/upload\/([0-9a-f-]{36})/.exec(url)![1]!;

/** Upload URL → stored bytes → object path, the three steps of the image flow. */
async function uploadImage(member: Member, bytes = jpegBytes()) {
  const url = await uploadUrl(member);
  const stored = await put(url, bytes);
  expect(stored.status).toBe(200);
  const claimed = await call('/api/listing-images', { method: 'PUT', cookie: member.cookie, body: { imageURL: url } });
  expect(claimed.status).toBe(200);
  const { objectPath } = await json(claimed);
  return { url, uuid: uuidOf(url), key: `uploads/${uuidOf(url)}`, objectPath: objectPath as string, bytes };
}

/** Marks every upload of the member as attached, as listings using them would. */
const attachAll = (member: Member) =>
  env.DB.prepare('UPDATE uploads SET attached_at = ?2 WHERE user_id = ?1 AND attached_at IS NULL')
    .bind(member.id, new Date().toISOString())
    .run();

const uploadRow = (key: string) => env.DB.prepare('SELECT * FROM uploads WHERE key = ?').bind(key).first<any>();

describe('POST /api/objects/upload', () => {
  it('gives a member a signed URL on this Worker, valid 15 minutes, and records the upload', async () => {
    const member = await signUp();
    const before = Date.now();
    const url = new URL(await uploadUrl(member));
    expect(url.origin).toBe(ORIGIN);
    expect(url.pathname).toMatch(
      /^\/api\/objects\/upload\/[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
    const expires = Number(url.searchParams.get('expires'));
    expect(expires).toBeGreaterThanOrEqual(before + 15 * 60_000);
    expect(expires).toBeLessThanOrEqual(Date.now() + 15 * 60_000);
    const key = `uploads/${uuidOf(url.href)}`;
    expect(url.searchParams.get('signature')).toBe(await hmacSign(TEST_SIGNING_SECRET, `${key}:${expires}`));
    expect(await uploadRow(key)).toMatchObject({ user_id: member.id, stored_at: null, attached_at: null });
  });

  it('answers 401 for a visitor', async () => {
    const response = await call('/api/objects/upload', { method: 'POST' });
    expect(response.status).toBe(401);
  });

  it('rate limits upload URLs to 30 per member per minute', async () => {
    const member = await signUp();
    for (let i = 0; i < 30; i++) {
      expect((await call('/api/objects/upload', { method: 'POST', cookie: member.cookie })).status).toBe(200);
      // Attached uploads do not count against the cap on unused ones, so only the rate limit is met.
      await attachAll(member);
    }
    const limited = await call('/api/objects/upload', { method: 'POST', cookie: member.cookie });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('Retry-After'))).toBeGreaterThan(0);
    // Another member is not affected.
    expect((await call('/api/objects/upload', { method: 'POST', cookie: (await signUp()).cookie })).status).toBe(200);
  });
});

describe('the cap on unused uploads', () => {
  it(`refuses a ${MAX_UNATTACHED_UPLOADS + 1}th unattached upload with 429, a clear message and Retry-After; attaching frees room`, async () => {
    const member = await signUp();
    const urls: string[] = [];
    for (let i = 0; i < MAX_UNATTACHED_UPLOADS; i++) urls.push(await uploadUrl(member));
    const refused = await call('/api/objects/upload', { method: 'POST', cookie: member.cookie });
    expect(refused.status).toBe(429);
    expect(await json(refused)).toEqual({ message: TOO_MANY_UPLOADS, code: expect.any(String) });
    // The oldest unused upload is cleared a day after it was made (plus one prune interval at most).
    const retryAfter = Number(refused.headers.get('Retry-After'));
    expect(retryAfter).toBeGreaterThan(23 * 3600);
    expect(retryAfter).toBeLessThanOrEqual(24 * 3600 + 15 * 60);
    const count = await env.DB.prepare('SELECT count(*) AS n FROM uploads WHERE user_id = ? AND attached_at IS NULL')
      .bind(member.id)
      .first<{ n: number }>();
    expect(count?.n).toBe(MAX_UNATTACHED_UPLOADS);

    // Another member is not affected.
    expect((await call('/api/objects/upload', { method: 'POST', cookie: (await signUp()).cookie })).status).toBe(200);

    // Using one of them in a listing makes room for exactly one more.
    expect((await put(urls[0]!, jpegBytes())).status).toBe(200);
    await createListing(member, { imageUrls: [`/objects/uploads/${uuidOf(urls[0]!)}`] });
    expect((await call('/api/objects/upload', { method: 'POST', cookie: member.cookie })).status).toBe(200);
    expect((await call('/api/objects/upload', { method: 'POST', cookie: member.cookie })).status).toBe(429);
  });

  it('holds under concurrent requests: the count and the insert are one statement', async () => {
    const member = await signUp();
    for (let i = 0; i < MAX_UNATTACHED_UPLOADS - 2; i++) await uploadUrl(member);
    const statuses = await Promise.all(
      Array.from({ length: 6 }, () =>
        call('/api/objects/upload', { method: 'POST', cookie: member.cookie }).then((r) => r.status),
      ),
    );
    expect(statuses.filter((s) => s === 200)).toHaveLength(2);
    expect(statuses.filter((s) => s === 429)).toHaveLength(4);
    const count = await env.DB.prepare('SELECT count(*) AS n FROM uploads WHERE user_id = ? AND attached_at IS NULL')
      .bind(member.id)
      .first<{ n: number }>();
    expect(count?.n).toBe(MAX_UNATTACHED_UPLOADS);
  });

  it('counts through the (user_id, attached_at) index, never a scan', async () => {
    const plan = await env.DB.prepare(
      `EXPLAIN QUERY PLAN INSERT INTO uploads (key, user_id)
       SELECT ?1, ?2 WHERE (SELECT count(*) FROM uploads WHERE user_id = ?2 AND attached_at IS NULL) < ?3`,
    )
      .bind('k', 1, 20)
      .all<{ detail: string }>();
    const details = plan.results.map((r) => r.detail);
    expect(details.some((d) => /SEARCH uploads USING COVERING INDEX uploads_user_attached_idx/.test(d))).toBe(true);
    expect(details.some((d) => /^SCAN uploads/.test(d))).toBe(false);
  });
});

describe('conditional image requests (RFC 9110)', () => {
  async function served(member: Member) {
    const { objectPath } = await uploadImage(member);
    const first = await call(objectPath);
    await first.arrayBuffer();
    return { objectPath, etag: first.headers.get('ETag')! };
  }

  it('If-None-Match: 304 when any listed tag matches (weakly), 200 otherwise, * matches', async () => {
    const member = await signUp();
    const { objectPath, etag } = await served(member);
    for (const value of [etag, `"other", ${etag}`, `W/${etag}`, '*', ` ${etag} ,`]) {
      const response = await call(objectPath, { headers: { 'If-None-Match': value } });
      expect(response.status, value).toBe(304);
      expect(response.headers.get('ETag')).toBe(etag);
      expect(await response.text()).toBe('');
    }
    const fresh = await call(objectPath, { headers: { 'If-None-Match': '"other", W/"another"' } });
    expect(fresh.status).toBe(200);
    expect((await fresh.arrayBuffer()).byteLength).toBeGreaterThan(0);
  });

  it('If-Match: 412 when no tag matches strongly, 200 when one does or for *', async () => {
    const member = await signUp();
    const { objectPath, etag } = await served(member);
    for (const value of ['"other"', `W/${etag}`, '"a", "b"']) {
      const response = await call(objectPath, { headers: { 'If-Match': value } });
      expect(response.status, value).toBe(412);
      expect(await json(response)).toEqual({ message: 'Precondition failed', code: expect.any(String) });
    }
    for (const value of [etag, `"other", ${etag}`, '*']) {
      const response = await call(objectPath, { headers: { 'If-Match': value } });
      expect(response.status, value).toBe(200);
      await response.arrayBuffer();
    }
    // If-Match is decided before If-None-Match.
    const both = await call(objectPath, { headers: { 'If-Match': '"other"', 'If-None-Match': etag } });
    expect(both.status).toBe(412);
  });

  it('ignores a malformed If-Match or If-None-Match: the image, never a 500', async () => {
    const member = await signUp();
    const { objectPath } = await served(member);
    for (const value of ['abc', '"unterminated', 'W/abc', '"a" "b"', ',,,', '"a",junk', 'W/', '\t', 'x'.repeat(8000)]) {
      for (const header of ['If-Match', 'If-None-Match']) {
        const response = await call(objectPath, { headers: { [header]: value } });
        expect(response.status, `${header}: ${value.slice(0, 20)}`).toBe(200);
        await response.arrayBuffer();
      }
    }
  });

  it('answers 404 for a missing image whatever the conditions', async () => {
    for (const header of ['If-Match', 'If-None-Match']) {
      const response = await call(`/objects/uploads/${crypto.randomUUID()}`, { headers: { [header]: '*' } });
      expect(response.status).toBe(404);
    }
  });
});

describe('the image flow', () => {
  it('uploads a JPEG, attaches it to a listing and serves it with a long immutable cache', async () => {
    const member = await signUp();
    const url = await uploadUrl(member);
    const bytes = jpegBytes(4096);
    // The signed PUT needs no cookie.
    const stored = await put(url, bytes);
    expect(stored.status).toBe(200);
    const key = `uploads/${uuidOf(url)}`;
    const objectPath = `/objects/uploads/${uuidOf(url)}`;
    expect(await json(stored)).toEqual({ objectPath });
    expect((await uploadRow(key)).stored_at).not.toBeNull();
    const object = await env.IMAGES.head(key);
    expect(object?.size).toBe(4096);
    expect(object?.httpMetadata?.contentType).toBe('image/jpeg');

    // The claim accepts the full URL or just its path.
    for (const imageURL of [url, new URL(url).pathname]) {
      const claimed = await call('/api/listing-images', { method: 'PUT', cookie: member.cookie, body: { imageURL } });
      expect(claimed.status).toBe(200);
      expect(await json(claimed)).toEqual({ objectPath });
    }

    const listing = await createListing(member, { imageUrls: [objectPath] });
    expect(listing.imageUrls).toEqual([objectPath]);
    expect((await uploadRow(key)).attached_at).not.toBeNull();

    const served = await call(objectPath);
    expect(served.status).toBe(200);
    expect(served.headers.get('Content-Type')).toBe('image/jpeg');
    expect(served.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable');
    expect(served.headers.get('X-Content-Type-Options')).toBe('nosniff');
    const etag = served.headers.get('ETag');
    expect(etag).toBeTruthy();
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(bytes);

    const revalidated = await call(objectPath, { headers: { 'If-None-Match': etag! } });
    expect(revalidated.status).toBe(304);
    expect(revalidated.headers.get('ETag')).toBe(etag);
    expect(await revalidated.text()).toBe('');
    const changed = await call(objectPath, { headers: { 'If-None-Match': '"something-else"' } });
    expect(changed.status).toBe(200);
    await changed.arrayBuffer();
  });

  it('answers 404 JSON for an image that does not exist', async () => {
    const response = await call(`/objects/uploads/${crypto.randomUUID()}`);
    expect(response.status).toBe(404);
    expect(await json(response)).toEqual({ message: 'Image not found', code: expect.any(String) });
    expect((await call('/objects/uploads/not-a-uuid')).status).toBe(404);
  });

  it('lets the uploader replace the bytes until the image is attached, then refuses', async () => {
    const member = await signUp();
    const url = await uploadUrl(member);
    expect((await put(url, jpegBytes(100))).status).toBe(200);
    const second = jpegBytes(200);
    expect((await put(url, second)).status).toBe(200);
    expect((await env.IMAGES.head(`uploads/${uuidOf(url)}`))?.size).toBe(200);
    await createListing(member, { imageUrls: [`/objects/uploads/${uuidOf(url)}`] });
    expect((await put(url, jpegBytes(300))).status).toBe(409);
    expect((await env.IMAGES.head(`uploads/${uuidOf(url)}`))?.size).toBe(200);
  });
});

describe('PUT to the signed upload URL', () => {
  it('refuses a tampered signature, key or expiry with 403', async () => {
    const member = await signUp();
    const url = new URL(await uploadUrl(member));
    const signature = url.searchParams.get('signature')!;
    const flipped = `${signature.slice(0, -1)}${signature.endsWith('0') ? '1' : '0'}`;
    const other = new URL(await uploadUrl(member));

    const tampered = [
      (u: URL) => u.searchParams.set('signature', flipped),
      (u: URL) => u.searchParams.set('signature', 'not-hex'),
      (u: URL) => u.searchParams.delete('signature'),
      (u: URL) => u.searchParams.set('expires', String(Number(u.searchParams.get('expires')) + 60_000)),
      (u: URL) => u.searchParams.delete('expires'),
      // A valid signature for one key does not open another.
      (u: URL) => (u.pathname = other.pathname),
    ];
    for (const change of tampered) {
      const target = new URL(url.href);
      change(target);
      const response = await put(target.href, jpegBytes());
      expect(response.status).toBe(403);
      expect(await json(response)).toEqual({
        message: 'Upload URL is invalid or has expired',
        code: expect.any(String),
      });
    }
    expect(await env.IMAGES.head(`uploads/${uuidOf(url.href)}`)).toBeNull();
    expect(await env.IMAGES.head(`uploads/${uuidOf(other.href)}`)).toBeNull();
    expect((await put(url.href, jpegBytes())).status).toBe(200);
  });

  it('refuses an expired URL with 403', async () => {
    const member = await signUp();
    const key = `uploads/${uuidOf(await uploadUrl(member))}`;
    const signed = async (expires: number) =>
      `${ORIGIN}/api/${key.replace('uploads/', 'objects/upload/')}?expires=${expires}&signature=${await hmacSign(TEST_SIGNING_SECRET, `${key}:${expires}`)}`;
    const expired = await put(await signed(Date.now() - 1000), jpegBytes());
    expect(expired.status).toBe(403);
    expect(await json(expired)).toEqual({ message: 'Upload URL is invalid or has expired', code: expect.any(String) });
    expect(await env.IMAGES.head(key)).toBeNull();
    // The same crafting with a future expiry works, so the expiry alone made the difference.
    expect((await put(await signed(Date.now() + 60_000), jpegBytes())).status).toBe(200);
  });

  it('refuses a signed URL whose upload row is gone (its member was deleted)', async () => {
    const member = await signUp();
    const url = await uploadUrl(member);
    await env.DB.prepare('DELETE FROM uploads WHERE key = ?')
      .bind(`uploads/${uuidOf(url)}`)
      .run();
    expect((await put(url, jpegBytes())).status).toBe(403);
  });

  it('accepts only JPEG: 415 for another content type or bytes without the JPEG signature', async () => {
    const member = await signUp();
    const url = await uploadUrl(member);
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);
    const cases: [BodyInit | null, string | null][] = [
      [jpegBytes(), 'image/png'],
      [jpegBytes(), null],
      [jpegBytes(), 'application/json'],
      [png, 'image/jpeg'],
      [new Uint8Array([0xff, 0xd8]), 'image/jpeg'],
      [null, 'image/jpeg'],
    ];
    for (const [body, type] of cases) {
      const response = await put(url, body, type);
      expect(response.status).toBe(415);
      expect(await json(response)).toEqual({ message: 'Only JPEG images are accepted', code: expect.any(String) });
    }
    expect(await env.IMAGES.head(`uploads/${uuidOf(url)}`)).toBeNull();
    expect((await uploadRow(`uploads/${uuidOf(url)}`)).stored_at).toBeNull();
  });

  it('refuses images over 10 MB with 413, by Content-Length or by the bytes actually sent', async () => {
    const member = await signUp();
    const url = await uploadUrl(member);
    const tooBig = new Uint8Array(MAX_IMAGE_BYTES + 1);
    tooBig.set([0xff, 0xd8, 0xff, 0xe0]);
    const declared = await put(url, tooBig);
    expect(declared.status).toBe(413);
    expect(await json(declared)).toEqual({ message: 'Image is larger than 10MB', code: expect.any(String) });

    // A streamed body has no Content-Length; the count of bytes read decides.
    const chunk = new Uint8Array(1024 * 1024);
    chunk.set([0xff, 0xd8, 0xff, 0xe0]);
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent > MAX_IMAGE_BYTES) return controller.close();
        controller.enqueue(chunk.slice());
        sent += chunk.byteLength;
      },
    });
    const streamed = await put(url, stream);
    expect(streamed.status).toBe(413);
    expect(await env.IMAGES.head(`uploads/${uuidOf(url)}`)).toBeNull();

    // Exactly 10 MB is allowed.
    expect((await put(url, tooBig.slice(0, MAX_IMAGE_BYTES))).status).toBe(200);
  });
});

describe('PUT /api/listing-images', () => {
  it('answers 401 for a visitor', async () => {
    const response = await call('/api/listing-images', {
      method: 'PUT',
      body: { imageURL: `/api/objects/upload/${crypto.randomUUID()}` },
    });
    expect(response.status).toBe(401);
  });

  it("refuses another member's upload with 403", async () => {
    const [owner, other] = await Promise.all([signUp(), signUp()]);
    const url = await uploadUrl(owner);
    expect((await put(url, jpegBytes())).status).toBe(200);
    const response = await call('/api/listing-images', {
      method: 'PUT',
      cookie: other.cookie,
      body: { imageURL: url },
    });
    expect(response.status).toBe(403);
  });

  it('answers 400 before the bytes arrive, 404 for an unknown upload, 400 for a foreign URL', async () => {
    const member = await signUp();
    const url = await uploadUrl(member);
    const early = await call('/api/listing-images', { method: 'PUT', cookie: member.cookie, body: { imageURL: url } });
    expect(early.status).toBe(400);
    expect((await json(early)).message).toBe('Image has not been uploaded yet');

    const unknown = await call('/api/listing-images', {
      method: 'PUT',
      cookie: member.cookie,
      body: { imageURL: `${ORIGIN}/api/objects/upload/${crypto.randomUUID()}?expires=1&signature=x` },
    });
    expect(unknown.status).toBe(404);

    for (const imageURL of ['https://example.com/cat.jpg', 'not a url at all', '']) {
      const response = await call('/api/listing-images', { method: 'PUT', cookie: member.cookie, body: { imageURL } });
      expect(response.status).toBe(400);
      expect(Object.keys((await json(response)).errors)).toEqual(['imageURL']);
    }
    expect((await call('/api/listing-images', { method: 'PUT', cookie: member.cookie, body: {} })).status).toBe(400);
  });
});

describe('listing images', () => {
  const IMAGE_MESSAGE = 'Images must be uploaded through this site';

  async function expectImageRefused(response: Response) {
    expect(response.status).toBe(400);
    const body = await json(response);
    expect(body.message).toBe(IMAGE_MESSAGE);
    expect(body.errors.imageUrls).toBe(IMAGE_MESSAGE);
  }

  it("refuses someone else's upload, an upload without bytes and an unknown path on create", async () => {
    const [owner, other] = await Promise.all([signUp(), signUp()]);
    const theirs = await uploadImage(other);
    await expectImageRefused(
      await call('/api/listings', { cookie: owner.cookie, body: validListing({ imageUrls: [theirs.objectPath] }) }),
    );

    const empty = uuidOf(await uploadUrl(owner));
    await expectImageRefused(
      await call('/api/listings', {
        cookie: owner.cookie,
        body: validListing({ imageUrls: [`/objects/uploads/${empty}`] }),
      }),
    );
    await expectImageRefused(
      await call('/api/listings', {
        cookie: owner.cookie,
        body: validListing({ imageUrls: [`/objects/uploads/${crypto.randomUUID()}`] }),
      }),
    );
    expect((await uploadRow(theirs.key)).attached_at).toBeNull();
  });

  it('refuses an image already used by another listing', async () => {
    const member = await signUp();
    const image = await uploadImage(member);
    const first = await createListing(member, { imageUrls: [image.objectPath] });
    await expectImageRefused(
      await call('/api/listings', { cookie: member.cookie, body: validListing({ imageUrls: [image.objectPath] }) }),
    );
    const second = await createListing(member);
    await expectImageRefused(
      await call(`/api/listings/${second.id}`, {
        method: 'PUT',
        cookie: member.cookie,
        body: { imageUrls: [image.objectPath] },
      }),
    );
    expect((await json(await call(`/api/listings/${first.id}`))).imageUrls).toEqual([image.objectPath]);
  });

  it('stores up to three images, once each', async () => {
    const member = await signUp();
    const images = [await uploadImage(member), await uploadImage(member), await uploadImage(member)];
    const paths = images.map((i) => i.objectPath);
    expect((await createListing(member, { imageUrls: paths })).imageUrls).toEqual(paths);
    const another = await uploadImage(member);
    const once = await createListing(member, { imageUrls: [another.objectPath, another.objectPath] });
    expect(once.imageUrls).toEqual([another.objectPath]);
  });

  it('on edit keeps current images, attaches new ones and deletes removed ones from R2', async () => {
    const [owner, other] = await Promise.all([signUp(), signUp()]);
    const [kept, removed, added] = [await uploadImage(owner), await uploadImage(owner), await uploadImage(owner)];
    const listing = await createListing(owner, { imageUrls: [kept.objectPath, removed.objectPath] });

    const theirs = await uploadImage(other);
    await expectImageRefused(
      await call(`/api/listings/${listing.id}`, {
        method: 'PUT',
        cookie: owner.cookie,
        body: { imageUrls: [kept.objectPath, theirs.objectPath] },
      }),
    );

    const response = await call(`/api/listings/${listing.id}`, {
      method: 'PUT',
      cookie: owner.cookie,
      body: { imageUrls: [added.objectPath, kept.objectPath] },
    });
    expect(response.status).toBe(200);
    expect((await json(response)).imageUrls).toEqual([added.objectPath, kept.objectPath]);
    expect((await uploadRow(added.key)).attached_at).not.toBeNull();
    expect(await uploadRow(removed.key)).toBeNull();
    await vi.waitFor(async () => expect(await env.IMAGES.head(removed.key)).toBeNull());
    expect(await env.IMAGES.head(kept.key)).not.toBeNull();
    expect(await env.IMAGES.head(added.key)).not.toBeNull();
    expect((await call(kept.objectPath)).status).toBe(200);
  });

  it('deletes the images and their upload rows with the listing', async () => {
    const member = await signUp();
    const images = [await uploadImage(member), await uploadImage(member)];
    const listing = await createListing(member, { imageUrls: images.map((i) => i.objectPath) });
    expect((await call(`/api/listings/${listing.id}`, { method: 'DELETE', cookie: member.cookie })).status).toBe(200);
    for (const image of images) {
      expect(await uploadRow(image.key)).toBeNull();
      await vi.waitFor(async () => expect(await env.IMAGES.head(image.key)).toBeNull());
    }
  });
});

describe('thumbnails', () => {
  async function uploadUrls(member: Member): Promise<{ uploadURL: string; thumbnailUploadURL: string }> {
    const response = await call('/api/objects/upload', { method: 'POST', cookie: member.cookie });
    expect(response.status).toBe(200);
    return json(response);
  }

  it('signs a thumbnail URL beside the upload URL, stores the thumbnail and serves it at <objectPath>/thumb', async () => {
    const member = await signUp();
    const { uploadURL, thumbnailUploadURL } = await uploadUrls(member);
    const uuid = uuidOf(uploadURL);
    const thumbUrl = new URL(thumbnailUploadURL);
    expect(thumbUrl.pathname).toBe(`/api/objects/upload/${uuid}/thumb`);
    expect(thumbUrl.searchParams.get('expires')).toBe(new URL(uploadURL).searchParams.get('expires'));
    expect(thumbUrl.searchParams.get('signature')).toBe(
      await hmacSign(TEST_SIGNING_SECRET, `thumbs/${uuid}:${thumbUrl.searchParams.get('expires')}`),
    );

    const photo = jpegBytes(4096);
    const thumb = jpegBytes(512);
    expect((await put(uploadURL, photo)).status).toBe(200);
    const stored = await put(thumbnailUploadURL, thumb);
    expect(stored.status).toBe(200);
    expect(await json(stored)).toEqual({ thumbnailPath: `/objects/uploads/${uuid}/thumb` });
    // The thumbnail does not count as the photo's bytes arriving, nor replace them.
    expect((await env.IMAGES.head(`uploads/${uuid}`))?.size).toBe(4096);
    expect((await env.IMAGES.head(`thumbs/${uuid}`))?.size).toBe(512);

    const listing = await createListing(member, { imageUrls: [`/objects/uploads/${uuid}`] });
    const served = await call(`/objects/uploads/${uuid}/thumb`);
    expect(served.status).toBe(200);
    expect(served.headers.get('Content-Type')).toBe('image/jpeg');
    expect(served.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable');
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(thumb);
    const etag = served.headers.get('ETag')!;
    expect((await call(`/objects/uploads/${uuid}/thumb`, { headers: { 'If-None-Match': etag } })).status).toBe(304);
    expect(new Uint8Array(await (await call(`/objects/uploads/${uuid}`)).arrayBuffer())).toEqual(photo);

    // An attached image's thumbnail is as fixed as the photo.
    expect((await put(thumbnailUploadURL, jpegBytes(600))).status).toBe(409);
    // Deleting the listing deletes both.
    expect((await call(`/api/listings/${listing.id}`, { method: 'DELETE', cookie: member.cookie })).status).toBe(200);
    await vi.waitFor(async () => expect(await env.IMAGES.head(`thumbs/${uuid}`)).toBeNull());
    expect(await env.IMAGES.head(`uploads/${uuid}`)).toBeNull();
    expect((await call(`/objects/uploads/${uuid}/thumb`)).status).toBe(404);
  });

  it('serves the photo itself when an upload has no thumbnail', async () => {
    const member = await signUp();
    const image = await uploadImage(member);
    const served = await call(`${image.objectPath}/thumb`);
    expect(served.status).toBe(200);
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(image.bytes);
    const etag = served.headers.get('ETag')!;
    expect((await call(`${image.objectPath}/thumb`, { headers: { 'If-None-Match': etag } })).status).toBe(304);
    expect((await call(`/objects/uploads/${crypto.randomUUID()}/thumb`)).status).toBe(404);
  });

  it('gives every photo a thumbnail key (the photo itself until the browser’s thumbnail arrives), for the media origin', async () => {
    const member = await signUp();
    const image = await uploadImage(member);
    const { uuid } = image;
    // The media origin serves R2 keys as they are, with no fallback: thumbs/<uuid> must exist.
    expect(new Uint8Array(await (await env.IMAGES.get(`thumbs/${uuid}`))!.arrayBuffer())).toEqual(image.bytes);
    // A thumbnail that arrived first is kept.
    const { uploadURL, thumbnailUploadURL } = await uploadUrls(member);
    const other = uuidOf(uploadURL);
    const thumb = jpegBytes(300);
    expect((await put(thumbnailUploadURL, thumb)).status).toBe(200);
    expect((await put(uploadURL, jpegBytes(2048))).status).toBe(200);
    expect((await env.IMAGES.head(`thumbs/${other}`))?.size).toBe(300);
  });

  it('refuses a thumbnail URL used for the photo and the reverse, a non-JPEG and one over 1 MB', async () => {
    const member = await signUp();
    const { uploadURL, thumbnailUploadURL } = await uploadUrls(member);
    const uuid = uuidOf(uploadURL);
    const photoSigned = new URL(uploadURL);
    const thumbSigned = new URL(thumbnailUploadURL);
    // Each signature covers its own key only.
    expect((await put(`${ORIGIN}/api/objects/upload/${uuid}${thumbSigned.search}`, jpegBytes())).status).toBe(403);
    expect((await put(`${ORIGIN}/api/objects/upload/${uuid}/thumb${photoSigned.search}`, jpegBytes())).status).toBe(
      403,
    );
    expect((await put(thumbnailUploadURL, new TextEncoder().encode('not a jpeg'))).status).toBe(415);
    const big = new Uint8Array(1024 * 1024 + 1);
    big.set([0xff, 0xd8, 0xff, 0xe0]);
    const tooLarge = await put(thumbnailUploadURL, big);
    expect(tooLarge.status).toBe(413);
    expect(await json(tooLarge)).toMatchObject({ message: 'Thumbnail is larger than 1MB' });
    expect(await env.IMAGES.head(`thumbs/${uuid}`)).toBeNull();
  });
});
