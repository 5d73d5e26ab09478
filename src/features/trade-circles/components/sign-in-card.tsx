import { Button } from '@radix-ui/themes';
import { Link } from '@tanstack/react-router';
import { MessageCard } from '@/components/message-card';
import { useReturnHere } from '@/features/auth';
import * as m from '@/lib/messages';

/** A visitor on a trade circle page: sign in, then come back here. */
export function CirclesSignIn() {
  const returnHere = useReturnHere();
  return (
    <MessageCard title={m.trade_circles_sign_in_title()} text={m.trade_circles_sign_in_text()}>
      <Button asChild>
        <Link to="/auth" search={returnHere}>
          {m.trade_circles_sign_in()}
        </Link>
      </Button>
    </MessageCard>
  );
}
