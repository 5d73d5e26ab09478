import { createFileRoute } from '@tanstack/react-router';
import { tokenSearchSchema } from '../features/auth/components/token-search';
import { ResetPasswordScreen } from '../features/auth/components/reset-password-screen';

export const Route = createFileRoute('/reset-password')({
  validateSearch: tokenSearchSchema,
  component: ResetPasswordRoute,
});

function ResetPasswordRoute() {
  const { token } = Route.useSearch();
  return <ResetPasswordScreen token={token || undefined} />;
}
