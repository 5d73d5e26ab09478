import { Button } from '@radix-ui/themes';
import { Link } from '@tanstack/react-router';
import { MessageCard } from '@/components/message-card';
import { useReturnHere } from '@/features/auth';

/** Visitors asking for a profile they cannot see get 'Please sign in' and a link to /auth. */
export function SignInRequired({ text = 'Sign in to see member profiles and manage your own.' }: { text?: string }) {
  const returnHere = useReturnHere();
  return (
    <MessageCard title="Please sign in" text={text}>
      <Button asChild>
        <Link to="/auth" search={returnHere}>
          Sign In
        </Link>
      </Button>
    </MessageCard>
  );
}

export function ProfileNotFound() {
  return (
    <MessageCard
      title="Profile not found"
      text="There is no member with that username. They may have changed it or deleted their account."
    >
      <Button asChild variant="soft">
        <Link to="/browse">Browse Listings</Link>
      </Button>
    </MessageCard>
  );
}
