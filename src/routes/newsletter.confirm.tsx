import { createFileRoute } from '@tanstack/react-router';
import { tokenSearchSchema } from '../features/auth/components/token-search';
import { NewsletterConfirm } from '../features/newsletter/components/newsletter-result';

export const Route = createFileRoute('/newsletter/confirm')({
  validateSearch: tokenSearchSchema,
  component: NewsletterConfirmRoute,
});

function NewsletterConfirmRoute() {
  const { token } = Route.useSearch();
  return <NewsletterConfirm token={token || undefined} />;
}
