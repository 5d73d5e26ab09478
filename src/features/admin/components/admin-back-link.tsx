import { ArrowLeftIcon } from '@radix-ui/react-icons';
import { Link as ThemeLink } from '@radix-ui/themes';
import { Link } from '@tanstack/react-router';
import * as m from '@/lib/messages';

/** Back to the dashboard from the queue and the audit log. */
export function AdminBackLink() {
  return (
    <ThemeLink asChild size="2" mb="4" style={{ display: 'inline-flex', alignItems: 'center', gap: 4 }}>
      <Link to="/admin">
        <ArrowLeftIcon aria-hidden="true" /> {m.admin_dashboard()}
      </Link>
    </ThemeLink>
  );
}
