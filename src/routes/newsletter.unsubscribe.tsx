import { createFileRoute } from '@tanstack/react-router';
import { tokenSearchSchema } from '../features/auth/components/token-search';
import { NewsletterUnsubscribe } from '../features/newsletter/components/newsletter-result';

export const Route = createFileRoute('/newsletter/unsubscribe')({
  validateSearch: tokenSearchSchema,
  component: NewsletterUnsubscribeRoute,
});

function NewsletterUnsubscribeRoute() {
  const { token } = Route.useSearch();
  return <NewsletterUnsubscribe token={token || undefined} />;
}
