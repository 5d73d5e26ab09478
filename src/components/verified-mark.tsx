// The verified mark: shown beside a member's name on profiles, seller cards and reviews when they
// have verified their email address. It says exactly that, so it promises no more than was checked.
import { CheckCircledIcon } from '@radix-ui/react-icons';
import { Badge } from '@radix-ui/themes';
import * as m from '@/lib/messages';

export function VerifiedMark() {
  return (
    <Badge color="green" variant="soft" highContrast size="1" className="verified-mark" data-testid="verified-mark">
      <CheckCircledIcon aria-hidden="true" /> {m.common_email_verified()}
    </Badge>
  );
}
