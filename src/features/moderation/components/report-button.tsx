// The small "Report" control of each entry point. Members open the Report dialog; visitors are
// sent to sign in and come back here (the same return path as every "Sign In…" link).
import { ExclamationTriangleIcon } from '@radix-ui/react-icons';
import { Button } from '@radix-ui/themes';
import { Link } from '@tanstack/react-router';
import { useState, type ComponentProps } from 'react';
import { useReturnHere } from '@/features/auth';
import * as m from '@/lib/messages';
import { REPORT_THIS } from '../labels';
import type { ReportTarget } from './report-dialog';
import { onDemand } from '@/components/on-demand';

const ReportDialog = onDemand(() => import('./report-dialog').then((module) => module.ReportDialog));

interface ReportButtonProps {
  target: ReportTarget;
  signedIn: boolean;
  /** The visible text; "Report" (in the member's language) by default. The accessible name always says what is reported. */
  children?: string;
  size?: ComponentProps<typeof Button>['size'];
}

export function ReportButton({ target, signedIn, children, size = '1' }: ReportButtonProps) {
  const [open, setOpen] = useState(false);
  const returnHere = useReturnHere();
  const text = children ?? m.moderation_report();
  // The accessible name starts with the visible text (WCAG 2.5.3) and says what is reported.
  const name = children === undefined ? REPORT_THIS[target.type]() : children;
  if (!signedIn) {
    return (
      <Button asChild variant="ghost" color="gray" size={size} className="report-button">
        <Link to="/login" search={returnHere} aria-label={m.moderation_sign_in_first({ name })}>
          <ExclamationTriangleIcon aria-hidden="true" /> {text}
        </Link>
      </Button>
    );
  }
  return (
    <>
      <Button
        type="button"
        variant="ghost"
        color="gray"
        size={size}
        className="report-button"
        aria-label={name === text ? undefined : name}
        onClick={() => setOpen(true)}
        data-testid="report-button"
      >
        <ExclamationTriangleIcon aria-hidden="true" /> {text}
      </Button>
      <ReportDialog target={target} open={open} onOpenChange={setOpen} />
    </>
  );
}
