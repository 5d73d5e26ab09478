import { createFileRoute } from '@tanstack/react-router';
import { AuthScreen } from '../features/auth/components/auth-screen';
import { redirectIfSignedIn } from '../features/auth/components/redirect-if-signed-in';
import { redirectSearchSchema } from '../features/auth/redirect';

export const Route = createFileRoute('/signup')({
  validateSearch: redirectSearchSchema,
  beforeLoad: redirectIfSignedIn,
  component: function SignupRoute() {
    const { redirect } = Route.useSearch();
    return <AuthScreen initialTab="register" redirect={redirect} />;
  },
});
