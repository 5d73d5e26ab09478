// Avatar URLs are loaded by every viewer's browser as an <img>, with the viewer's cookies when the
// URL is on this site. An avatar on this site's /api/ would make each viewer call the API (and a
// GET such as opening a conversation marks messages read), so on this host only the served image
// path /objects/uploads/<uuid> is accepted. See docs/security.md "Avatar URLs".
import { OBJECT_PATH_PATTERN } from '@/shared/constants';
import { badRequest } from './errors';

export const AVATAR_API_MESSAGE = "Avatar URL cannot point to this site's API";
export const AVATAR_OWN_SITE_MESSAGE = 'Avatar URL on this site must be an uploaded image';
export const AVATAR_UPLOAD_MESSAGE = 'Profile image must be a photo you uploaded';

/**
 * Null when the avatar URL is acceptable for a site at `requestUrl`, else the field message.
 * The schema already requires an absolute http(s) URL (so relative and protocol-relative ones
 * never get here); this decides what it may point at.
 */
export function avatarUrlProblem(avatarUrl: string, requestUrl: string): string | null {
  let target: URL;
  try {
    // Resolved against the site, so anything relative would land on this host too.
    target = new URL(avatarUrl, requestUrl);
  } catch {
    return null; // the schema's "Please enter a valid URL" covers it
  }
  // Cookies are scoped to the host, not the scheme or port: http:// or another port of this host
  // carries them as well.
  const host = (url: URL) => url.hostname.replace(/\.$/, '');
  if (host(target) !== host(new URL(requestUrl))) return null;
  let path = target.pathname;
  try {
    path = decodeURIComponent(path);
  } catch {
    // Undecodable percent escapes: judged as written.
  }
  // "//api/…", "/API/…", "/%61pi/…" all name the API to some router: refuse them alike.
  if (/^[/\\]*api([/\\;]|$)/i.test(path)) return AVATAR_API_MESSAGE;
  if (!OBJECT_PATH_PATTERN.test(target.pathname) || target.search !== '') return AVATAR_OWN_SITE_MESSAGE;
  return null;
}

/** Throws the 400 field error for an avatar URL that points where it may not. */
export function assertAvatarUrl(avatarUrl: string | null | undefined, requestUrl: string): void {
  if (avatarUrl == null) return;
  const problem = avatarUrlProblem(avatarUrl, requestUrl);
  if (problem) throw badRequest(problem, { avatarUrl: problem });
}

/**
 * The R2 key of an avatar URL that names an upload on this site (`<this host>/objects/uploads/<uuid>`),
 * else null (another site's image, or nothing). Call after assertAvatarUrl.
 */
export function ownSiteAvatarKey(avatarUrl: string | null | undefined, requestUrl: string): string | null {
  if (!avatarUrl) return null;
  let target: URL;
  try {
    target = new URL(avatarUrl, requestUrl);
  } catch {
    return null;
  }
  const host = (url: URL) => url.hostname.replace(/\.$/, '');
  if (host(target) !== host(new URL(requestUrl))) return null;
  const match = OBJECT_PATH_PATTERN.exec(target.pathname);
  return match ? target.pathname.slice('/objects/'.length) : null;
}
