import { createFileRoute, redirect } from '@tanstack/react-router';
import { redirectSearchSchema } from '../features/auth/redirect';
import { WelcomeScreen } from '../features/welcome/welcome-screen';
import { currentUserQuery, useCurrentUser } from '@/lib/current-user';

/** The "what next" screen after sign-up (docs/front-end.md); visitors are asked to sign in first. */
export const Route = createFileRoute('/welcome')({
  validateSearch: redirectSearchSchema,
  beforeLoad: async ({ context, location }) => {
    let user = null;
    try {
      user = await context.queryClient.ensureQueryData(currentUserQuery);
    } catch {
      // Unreadable session: treated as signed out.
    }
    if (!user) throw redirect({ to: '/login', search: { redirect: location.href }, replace: true });
  },
  component: WelcomeRoute,
});

function WelcomeRoute() {
  const { user } = useCurrentUser();
  const { redirect } = Route.useSearch();
  // Signing out here leaves nothing to show; the header offers Sign In.
  if (!user) return null;
  return <WelcomeScreen user={user} redirect={redirect} />;
}
