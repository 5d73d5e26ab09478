import { createFileRoute } from '@tanstack/react-router';
import { AuthScreen } from '../features/auth/components/auth-screen';
import { redirectIfSignedIn } from '../features/auth/components/redirect-if-signed-in';

export const Route = createFileRoute('/signup')({
  beforeLoad: redirectIfSignedIn,
  component: () => <AuthScreen initialTab="register" />,
});
