import { Button } from '@radix-ui/themes';
import { Link } from '@tanstack/react-router';
import { MessageCard } from '@/components/message-card';
import { useReturnHere } from '@/features/auth';
import * as m from '@/lib/messages';

/** Visitors asking for a profile they cannot see get 'Please sign in' and a link to /auth. */
export function SignInRequired({ text = m.profile_sign_in_text() }: { text?: string }) {
  const returnHere = useReturnHere();
  return (
    <MessageCard title={m.profile_please_sign_in()} text={text}>
      <Button asChild>
        <Link to="/auth" search={returnHere}>
          {m.profile_sign_in()}
        </Link>
      </Button>
    </MessageCard>
  );
}

export function ProfileNotFound() {
  return (
    <MessageCard title={m.profile_not_found()} text={m.profile_not_found_text()}>
      <Button asChild variant="soft">
        <Link to="/browse">{m.profile_browse_listings()}</Link>
      </Button>
    </MessageCard>
  );
}
