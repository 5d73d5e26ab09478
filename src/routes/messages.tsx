import { Button, Card, Flex, Heading, Spinner, Text } from '@radix-ui/themes';
import { createFileRoute, Link, useParams } from '@tanstack/react-router';
import * as v from 'valibot';
import { useReturnHere } from '../features/auth/redirect';
import { MessagesScreen, type InitiateRequest } from '../features/messages/components/messages-screen';
import { usePageTitle } from '../lib/use-page-title';
import { idField } from '../shared/schemas/fields';
import { useCurrentUser } from '@/lib/current-user';
import * as m from '@/lib/messages';

// The initiate address (docs/api/offers.md, "Addresses"): initiate=true, listingId, userId, title
// and optionally message. The router parses `?title=2024` as a number and `?initiate=true` as a
// boolean; anything malformed is dropped rather than failing the page.
const id = v.fallback(v.optional(idField('Invalid id')), undefined);
const text = v.fallback(
  v.optional(
    v.pipe(
      v.union([v.string(), v.number()]),
      v.transform((value) => String(value).slice(0, 2000)),
    ),
  ),
  undefined,
);
const messagesSearchSchema = v.object({
  initiate: v.fallback(
    v.optional(
      v.pipe(
        v.union([v.boolean(), v.string()]),
        v.transform((value) => value === true || value === 'true'),
      ),
    ),
    undefined,
  ),
  listingId: id,
  userId: id,
  title: text,
  message: text,
});

export const Route = createFileRoute('/messages')({
  validateSearch: messagesSearchSchema,
  component: MessagesPage,
});

function MessagesPage() {
  usePageTitle(m.messages_title());
  const { user, isLoading } = useCurrentUser();
  const search = Route.useSearch();
  const returnHere = useReturnHere();
  // Set on /messages/{conversation} (the child route), absent on the list.
  const { conversation } = useParams({ strict: false });
  const request: InitiateRequest | null =
    search.listingId && search.userId
      ? { listingId: search.listingId, userId: search.userId, title: search.title, message: search.message }
      : null;

  return (
    <div className="container page">
      <Heading as="h1" size="7" mb="4">
        {m.messages_title()}
      </Heading>
      {isLoading ? (
        <Flex justify="center" p="6">
          <Spinner size="3" />
        </Flex>
      ) : !user ? (
        <Card size="3" className="messages-signin">
          <Flex direction="column" gap="3" align="start">
            <Text size="3">{m.messages_sign_in_prompt()}</Text>
            <Button asChild>
              <Link to="/auth" search={returnHere}>
                {m.messages_sign_in()}
              </Link>
            </Button>
          </Flex>
        </Card>
      ) : (
        <MessagesScreen me={user} conversation={conversation ?? null} initiate={search.initiate ? { request } : null} />
      )}
    </div>
  );
}
