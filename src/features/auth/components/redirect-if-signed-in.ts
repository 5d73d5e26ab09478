import type { QueryClient } from '@tanstack/react-query';
import { redirect } from '@tanstack/react-router';
import { afterSignIn, type RedirectSearch } from '../redirect';
import { currentUserQuery } from '@/lib/current-user';

/**
 * beforeLoad of the sign-in screens: signed-in members go home, or back to the
 * page a "Sign In…" link was pressed on when the address names one (docs/front-end.md).
 */
export async function redirectIfSignedIn({
  context,
  search,
}: {
  context: { queryClient: QueryClient };
  search: RedirectSearch;
}) {
  let user = null;
  try {
    user = await context.queryClient.ensureQueryData(currentUserQuery);
  } catch {
    // The session could not be read: show the form; signing in will settle it.
  }
  if (user) throw redirect({ href: afterSignIn(search.redirect), replace: true });
}
