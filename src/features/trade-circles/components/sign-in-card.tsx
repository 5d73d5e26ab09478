import { Button } from '@radix-ui/themes';
import { Link } from '@tanstack/react-router';
import { MessageCard } from '@/components/message-card';
import { useReturnHere } from '@/features/auth';

/** A visitor on a trade circle page: sign in, then come back here. */
export function CirclesSignIn() {
  const returnHere = useReturnHere();
  return (
    <MessageCard title="Please sign in" text="Sign in to see your trade circles and decide on them.">
      <Button asChild>
        <Link to="/auth" search={returnHere}>
          Sign In
        </Link>
      </Button>
    </MessageCard>
  );
}
