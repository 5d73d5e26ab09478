import type { QueryClient } from '@tanstack/react-query';
import { redirect } from '@tanstack/react-router';
import { currentUserQuery } from '../api';

/** beforeLoad of the sign-in screens: signed-in members go home (spec section 2). */
export async function redirectIfSignedIn({ context }: { context: { queryClient: QueryClient } }) {
  let user = null;
  try {
    user = await context.queryClient.ensureQueryData(currentUserQuery);
  } catch {
    // The session could not be read: show the form; signing in will settle it.
  }
  if (user) throw redirect({ to: '/', replace: true });
}
