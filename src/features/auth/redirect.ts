// Where sign-in and sign-up send the member afterwards: `?redirect=` on /login, /auth, /signup and
// /welcome (docs/front-end.md "Returning to where the member was"). Only a path on this site is
// accepted; anything else (another site, a scheme, `//host`, `/\host`, control characters) is
// dropped, and the member goes to `/` as before.
import { useRouterState } from '@tanstack/react-router';
import * as v from 'valibot';

/** Longer values are not paths this site makes; refusing them bounds what the check reads. */
const MAX_REDIRECT_LENGTH = 2000;
const PLACEHOLDER_ORIGIN = 'https://same-origin.invalid';
/** Screens that would only send the member on again (or sign them in twice). */
const AUTH_PATHS = new Set(['/login', '/auth', '/signup']);

/** True for a same-origin path such as `/listing/5?tab=terms`, false for anything that could leave the site. */
export function isSafeRedirect(value: string): boolean {
  if (value.length === 0 || value.length > MAX_REDIRECT_LENGTH) return false;
  // One leading slash, not two: `//evil.example` and `/\evil.example` are other hosts to a browser.
  if (value[0] !== '/' || value[1] === '/' || value[1] === '\\') return false;
  // Control characters (tab and newline included: URL parsers drop them, so `/\t/evil` is `//evil`),
  // and backslashes, which browsers read as slashes.
  // eslint-disable-next-line no-control-regex -- matching control characters is the point
  if (/[\u0000-\u001f\u007f\\]/.test(value)) return false;
  let url: URL;
  try {
    url = new URL(value, PLACEHOLDER_ORIGIN);
  } catch {
    return false;
  }
  if (url.origin !== PLACEHOLDER_ORIGIN) return false;
  return !AUTH_PATHS.has(url.pathname.replace(/\/+$/, '') || '/');
}

/**
 * The `redirect` search parameter, validated on the route. The router reads `?redirect=123` as a
 * number, which is no path; a value that fails the check becomes undefined (then `/`).
 */
export const redirectSearchSchema = v.object({
  redirect: v.fallback(v.optional(v.pipe(v.string(), v.check(isSafeRedirect))), undefined),
});
export type RedirectSearch = v.InferOutput<typeof redirectSearchSchema>;

/** Where to go after signing in: the validated redirect, else home. */
export const afterSignIn = (redirect: string | undefined) => (redirect && isSafeRedirect(redirect) ? redirect : '/');

/**
 * The search of a "Sign In…" link on the current page: `{ redirect: path + search }`, or nothing
 * on the home page and the sign-in screens themselves (home is where the member goes anyway).
 */
export function useReturnHere(): RedirectSearch {
  const href = useRouterState({ select: (state) => state.location.href });
  const path = href.split('#')[0] ?? '/';
  return path === '/' || !isSafeRedirect(path) ? {} : { redirect: path };
}
