import { createFileRoute } from '@tanstack/react-router';
import { tokenSearchSchema } from '../features/auth/components/token-search';
import { VerifyEmailScreen } from '../features/auth/components/verify-email-screen';

export const Route = createFileRoute('/verify-email')({
  validateSearch: tokenSearchSchema,
  component: VerifyEmailRoute,
});

function VerifyEmailRoute() {
  const { token } = Route.useSearch();
  return <VerifyEmailScreen token={token || undefined} />;
}
