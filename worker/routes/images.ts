// Images (docs/api/listings.md, "Images"): a signed upload URL, the signed PUT that stores JPEG
// bytes in R2, the claim that turns an upload into an object path, and serving those paths from R2.
import { Hono, type Context } from 'hono';
import { MAX_IMAGE_BYTES } from '@/shared/constants';
import { imageRoutes } from '@/shared/contract/images';
import { listingImageSchema } from '@/shared/schemas';
import { ABANDONED_AFTER_MS } from '../cron/prune-uploads';
import {
  createUploadWithinCap,
  findUpload,
  markStored,
  objectPath,
  oldestUnattachedUpload,
  thumbKey,
  uploadKey,
  uploadKeyFromUrl,
  UUID_PARAM,
} from '../db/queries/images';
import { hmacSign, hmacVerify } from '../lib/crypto';
import { badRequest, conflict, forbidden, HttpError, notFound } from '../lib/errors';
import { hit } from '../db/queries/rate-limits';
import { MINUTE } from '../lib/time';
import { reply, router, serve } from '../lib/serve';
import { parseBody } from '../lib/validate';
import { requireUser } from '../middleware/auth';
import type { AppEnv } from '../types';
import { memberBudget } from '../middleware/member-budget';
import { viewer } from '../middleware/session';

export const imageRouter = router('/api');
export const objectRoutes = new Hono<AppEnv>();

export const UPLOAD_URL_TTL_MS = 15 * MINUTE;
/** How often the prune job runs (the 15-minute trigger). */
const PRUNE_INTERVAL_MS = 15 * MINUTE;
const INVALID_URL = 'Upload URL is invalid or has expired';
const ONLY_JPEG = 'Only JPEG images are accepted';
const TOO_LARGE = 'Image is larger than 10MB';
const THUMB_TOO_LARGE = 'Thumbnail is larger than 1MB';
/** A thumbnail is at most 400×300 (about 30 KB as JPEG); 1 MB leaves room and bounds abuse. */
export const MAX_THUMB_BYTES = 1024 * 1024;
const IMAGE_MESSAGE = 'Images must be uploaded through this site';
export const TOO_MANY_UPLOADS =
  'Too many unused uploads. Add your recent photos to a listing, or wait a day for unused ones to be cleared.';

// worker/env.d.ts declares the secret on Cloudflare.Env; the global Env Hono uses does not merge it.

/** What the signature covers: the object key and the expiry, so neither can be changed. */
export const uploadSignaturePayload = (key: string, expires: number | string) => `${key}:${expires}`;

serve(imageRouter, imageRoutes.uploadUrls, viewer('row'), memberBudget('uploadUrlsPerMemberDay'), async (c) => {
  const user = requireUser(c);
  await hit(c.env.DB, 'uploadUrlPerMember', String(user.id));
  const uuid = crypto.randomUUID();
  const key = uploadKey(uuid);
  if (!(await createUploadWithinCap(c.env.DB, key, user.id))) {
    // Unused uploads are cleared a day after they were made: Retry-After is when the oldest goes.
    const oldest = await oldestUnattachedUpload(c.env.DB, user.id);
    const freedAt = oldest
      ? Date.parse(oldest) + ABANDONED_AFTER_MS + PRUNE_INTERVAL_MS
      : Date.now() + PRUNE_INTERVAL_MS;
    const seconds = Math.max(1, Math.ceil((freedAt - Date.now()) / 1000));
    throw new HttpError(429, TOO_MANY_UPLOADS, undefined, { 'Retry-After': String(seconds) });
  }
  const expires = Date.now() + UPLOAD_URL_TTL_MS;
  // The thumbnail's URL is signed for its own key, so neither URL can store the other's bytes.
  const [signature, thumbSignature] = await Promise.all([
    hmacSign(c.env.SIGNING_SECRET, uploadSignaturePayload(key, expires)),
    hmacSign(c.env.SIGNING_SECRET, uploadSignaturePayload(thumbKey(key), expires)),
  ]);
  const origin = new URL(c.req.url).origin;
  return reply(c, imageRoutes.uploadUrls, {
    uploadURL: `${origin}/api/objects/upload/${uuid}?expires=${expires}&signature=${signature}`,
    thumbnailUploadURL: `${origin}/api/objects/upload/${uuid}/thumb?expires=${expires}&signature=${thumbSignature}`,
  });
});

/**
 * The checks both signed PUTs share: a valid signature for `signedKey`, an upload row not yet
 * attached to a listing, JPEG bytes of at most `max` bytes. Returns the bytes.
 */
async function signedJpeg(
  c: Context<AppEnv>,
  key: string,
  signedKey: string,
  max: number,
  tooLarge: string,
): Promise<Uint8Array> {
  const expires = c.req.query('expires') ?? '';
  const signature = c.req.query('signature') ?? '';
  const signed =
    /^\d{1,15}$/.test(expires) &&
    Number(expires) > Date.now() &&
    (await hmacVerify(c.env.SIGNING_SECRET, uploadSignaturePayload(signedKey, expires), signature));
  if (!signed) throw forbidden(INVALID_URL);
  // The row goes with its owner's account; a listing's image is never replaced under it.
  const upload = await findUpload(c.get('db'), key);
  if (!upload) throw forbidden(INVALID_URL);
  if (upload.attachedAt !== null) throw conflict('This image is already attached to a listing');

  if (!/^image\/jpeg\s*(;|$)/i.test(c.req.header('Content-Type') ?? '')) throw new HttpError(415, ONLY_JPEG);
  const declared = Number(c.req.header('Content-Length') ?? '0');
  if (declared > max) throw new HttpError(413, tooLarge);
  const bytes = await readAtMost(c.req.raw.body, max);
  if (!bytes) throw new HttpError(413, tooLarge);
  if (!isJpeg(bytes)) throw new HttpError(415, ONLY_JPEG);
  return bytes;
}

// No session needed: the signature is the authorisation. The security middleware lets this
// path through without the JSON content type and the 1 MB body limit.
serve(imageRouter, imageRoutes.upload, viewer('row'), async (c) => {
  const key = uploadKey(c.req.param('uuid')!);
  const bytes = await signedJpeg(c, key, key, MAX_IMAGE_BYTES, TOO_LARGE);
  await c.env.IMAGES.put(key, bytes, { httpMetadata: { contentType: 'image/jpeg' } });
  // The media domain (MEDIA_ORIGIN) serves keys as they are, with no fallback to the photo as
  // /objects/…/thumb has: so every photo has a thumbnail key. Until the browser's thumbnail arrives
  // (it overwrites this), or if it never does, the photo stands in for it (docs/operations.md "Photos").
  if (!(await c.env.IMAGES.head(thumbKey(key))))
    await c.env.IMAGES.put(thumbKey(key), bytes, { httpMetadata: { contentType: 'image/jpeg' } });
  await markStored(c.get('db'), key);
  return reply(c, imageRoutes.upload, { objectPath: objectPath(key) });
});

// The thumbnail the browser made beside the photo (thumbnailUploadURL). Optional: without one,
// `<objectPath>/thumb` serves the photo itself. It does not mark the upload stored.
serve(imageRouter, imageRoutes.uploadThumbnail, viewer('row'), async (c) => {
  const key = uploadKey(c.req.param('uuid')!);
  const bytes = await signedJpeg(c, key, thumbKey(key), MAX_THUMB_BYTES, THUMB_TOO_LARGE);
  await c.env.IMAGES.put(thumbKey(key), bytes, { httpMetadata: { contentType: 'image/jpeg' } });
  return reply(c, imageRoutes.uploadThumbnail, { thumbnailPath: `${objectPath(key)}/thumb` });
});

serve(imageRouter, imageRoutes.claim, viewer('row'), async (c) => {
  const user = requireUser(c);
  const { imageURL } = await parseBody(c, listingImageSchema);
  const key = uploadKeyFromUrl(imageURL);
  if (!key) throw badRequest(IMAGE_MESSAGE, { imageURL: IMAGE_MESSAGE });
  const upload = await findUpload(c.get('db'), key);
  if (!upload) throw notFound('Image not found');
  if (upload.userId !== user.id) throw forbidden('You can only use images you uploaded');
  if (upload.storedAt === null)
    throw badRequest('Image has not been uploaded yet', { imageURL: 'Image has not been uploaded yet' });
  return reply(c, imageRoutes.claim, { objectPath: objectPath(key) });
});

/**
 * Serves the first of `keys` that exists in R2 (a thumbnail falls back to its photo), honouring
 * conditional requests; 404 when none does.
 */
async function serveImage(c: Context<AppEnv>, keys: string[]): Promise<Response> {
  const headersFor = (object: R2Object) =>
    new Headers({
      'Content-Type': 'image/jpeg',
      // The key is a fresh uuid per upload and the bytes of an attached image never change.
      'Cache-Control': 'public, max-age=31536000, immutable',
      ETag: object.httpEtag,
      'X-Content-Type-Options': 'nosniff',
    });
  // Conditional requests (RFC 9110 section 13) are decided here on the object's metadata; a
  // malformed If-Match or If-None-Match is ignored, as if it had not been sent.
  const conditions = {
    ifMatch: parseEntityTags(c.req.header('If-Match')),
    ifNoneMatch: parseEntityTags(c.req.header('If-None-Match')),
  };
  let key: string | undefined;
  if (conditions.ifMatch || conditions.ifNoneMatch) {
    let head: R2Object | null = null;
    for (key of keys) if ((head = await c.env.IMAGES.head(key))) break;
    if (!head) throw notFound('Image not found');
    const outcome = evaluateConditions(conditions, head.httpEtag);
    if (outcome === 412) throw new HttpError(412, 'Precondition failed', undefined, { ETag: head.httpEtag });
    if (outcome === 304) return new Response(null, { status: 304, headers: headersFor(head) });
    keys = [key!];
  }
  let object: R2ObjectBody | null = null;
  for (key of keys) if ((object = await c.env.IMAGES.get(key))) break;
  if (!object) throw notFound('Image not found');
  const headers = headersFor(object);
  headers.set('Content-Length', String(object.size));
  return new Response(object.body, { headers });
}

objectRoutes.get(`/uploads/:uuid{${UUID_PARAM}}`, viewer('none'), (c) =>
  serveImage(c, [uploadKey(c.req.param('uuid'))]),
);

// Uploads made before thumbnails existed, or whose thumbnail did not arrive, show the photo.
objectRoutes.get(`/uploads/:uuid{${UUID_PARAM}}/thumb`, viewer('row'), (c) => {
  const key = uploadKey(c.req.param('uuid'));
  return serveImage(c, [thumbKey(key), key]);
});

/** One entity tag of an If-Match / If-None-Match list: weak or strong, and its quoted value. */
export interface EntityTag {
  weak: boolean;
  tag: string; // with its quotes, as in the ETag header
}

const LIST_ITEM = /^[ \t]*(?:(W\/)?("[\x21\x23-\x7e\x80-\xff]*")[ \t]*)?(?:,|$)/;

/**
 * Parses `*` or a comma-separated list of entity tags (RFC 9110 section 8.8.3). Undefined when
 * the header is absent or malformed (then it is ignored), `'*'` for any, else the tags.
 */
export function parseEntityTags(header: string | undefined): EntityTag[] | '*' | undefined {
  if (header === undefined) return undefined;
  if (header.trim() === '*') return '*';
  const tags: EntityTag[] = [];
  let rest = header;
  while (rest.length > 0) {
    const match = LIST_ITEM.exec(rest);
    if (!match || match[0].length === 0) return undefined;
    if (match[2]) tags.push({ weak: match[1] !== undefined, tag: match[2] });
    rest = rest.slice(match[0].length);
  }
  return tags.length > 0 ? tags : undefined;
}

/**
 * RFC 9110 section 13.2.2 for a GET of an existing object: If-Match (strong comparison) failing
 * is 412; else If-None-Match (weak comparison) matching is 304; else the object is sent.
 */
export function evaluateConditions(
  conditions: { ifMatch?: EntityTag[] | '*'; ifNoneMatch?: EntityTag[] | '*' },
  etag: string,
): 200 | 304 | 412 {
  const { ifMatch, ifNoneMatch } = conditions;
  if (ifMatch && ifMatch !== '*' && !ifMatch.some((t) => !t.weak && t.tag === etag)) return 412;
  if (ifNoneMatch && (ifNoneMatch === '*' || ifNoneMatch.some((t) => t.tag === etag))) return 304;
  return 200;
}

/** The JPEG signature: SOI marker FF D8 followed by the next marker's FF. */
function isJpeg(bytes: Uint8Array): boolean {
  return bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff;
}

/** Reads a body of at most `max` bytes; null when it is longer (whatever Content-Length said). */
async function readAtMost(body: ReadableStream<Uint8Array> | null, max: number): Promise<Uint8Array | null> {
  if (!body) return new Uint8Array(0);
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > max) {
      await reader.cancel();
      return null;
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}
