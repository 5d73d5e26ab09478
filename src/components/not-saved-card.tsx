// A page the saved copy does not hold, opened offline (decision 067): the page opens when the
// network is back (src/lib/saved-copy.ts reloads the route then).
import { Button, Flex } from '@radix-ui/themes';
import { Link, type ErrorComponentProps } from '@tanstack/react-router';
import { usePageTitle } from '../lib/use-page-title';
import { MessageCard } from './message-card';
import { RouteError } from './route-error';
import * as m from '@/lib/messages';

/** What a route's read throws on the saved copy for data this device did not save. */
export class NotSavedError extends Error {
  constructor() {
    super('This page was not saved on this device');
  }
}

/** The routes' error screen on the saved copy: this card for what was not saved, else the usual one. */
export function SavedCopyError(props: ErrorComponentProps) {
  return props.error instanceof NotSavedError ? <NotSavedCard /> : <RouteError {...props} />;
}

export function NotSavedCard() {
  usePageTitle(m.common_not_saved());
  return (
    <MessageCard title={m.common_not_saved()} text={m.common_not_saved_text()}>
      <Flex gap="3" wrap="wrap">
        <Button asChild>
          <Link to="/">{m.common_go_home()}</Link>
        </Button>
        <Button asChild variant="soft">
          <Link to="/messages">{m.common_messages()}</Link>
        </Button>
      </Flex>
    </MessageCard>
  );
}
