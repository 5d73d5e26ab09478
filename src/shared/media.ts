// Where the browser loads uploaded photos from (docs/operations.md "Photos"; decision 028). A
// listing stores `/objects/uploads/<uuid>` (and an avatar that URL on this site); the Worker serves
// it from R2 (`uploads/<uuid>`), and `<path>/thumb` from `thumbs/<uuid>`. With a media origin (the
// R2 bucket's public custom domain, MEDIA_ORIGIN at build time) the browser asks the CDN for the
// same R2 keys directly: no Worker request. Stored values never change, so either way works.

import { OBJECT_PATH_PATTERN } from './constants';

const UPLOAD = /^\/objects\/uploads\/([0-9a-f-]{36})(\/thumb)?$/;

/** The media origin the SPA was built with ('' when unset: the Worker serves photos). */
export const BUILT_MEDIA_ORIGIN: string = (import.meta.env?.MEDIA_ORIGIN as string | undefined) ?? '';

/**
 * The URL to load an uploaded photo (or its `/thumb`) from: on the media origin when one is set,
 * else the Worker's path unchanged. `src` may be the stored path or the absolute URL of it on
 * `siteOrigin` (avatars); anything else (another site's image, a data: or blob: URL) is returned as is.
 */
export function mediaUrl(src: string, mediaOrigin: string = BUILT_MEDIA_ORIGIN, siteOrigin?: string): string {
  if (!mediaOrigin) return src;
  let path = src;
  if (siteOrigin && src.startsWith(`${siteOrigin}/`)) path = src.slice(siteOrigin.length);
  const match = UPLOAD.exec(path);
  if (!match) return src;
  return `${mediaOrigin.replace(/\/+$/, '')}/${match[2] ? 'thumbs' : 'uploads'}/${match[1]}`;
}

/**
 * Checks a MEDIA_ORIGIN setting: '' or an https origin without a path, e.g.
 * "https://media.barter.example". Returns the origin (no trailing slash) or throws with the reason.
 */
export function parseMediaOrigin(value: string | undefined): string {
  const raw = (value ?? '').trim();
  if (!raw) return '';
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new Error(`MEDIA_ORIGIN must be an https origin such as "https://media.example.com", not "${raw}"`);
  }
  if (url.protocol !== 'https:' || url.pathname.replace(/\/+$/, '') !== '' || url.search || url.hash || url.username) {
    throw new Error(`MEDIA_ORIGIN must be an https origin such as "https://media.example.com" (no path), not "${raw}"`);
  }
  return url.origin;
}

/** How wide a card's photo shows: half a phone's width in two columns, a third of the page above. */
export const CARD_IMAGE_SIZES = '(max-width: 640px) 50vw, (max-width: 1024px) 33vw, 400px';

/**
 * The 400w thumbnail and the 800w photo of an uploaded image, for `srcset` (docs/api/listings.md
 * "Thumbnails"), from the media origin when there is one (src/shared/media.ts); undefined for any
 * other source, which has only itself.
 */
export function imageSrcSet(src: string, mediaOrigin: string = BUILT_MEDIA_ORIGIN): string | undefined {
  return OBJECT_PATH_PATTERN.test(src)
    ? `${mediaUrl(`${src}/thumb`, mediaOrigin)} 400w, ${mediaUrl(src, mediaOrigin)} 800w`
    : undefined;
}
