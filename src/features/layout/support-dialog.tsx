import { Button } from '@radix-ui/themes';
import { lazy } from 'react';
import { LazyDialog } from './lazy-dialog';
import * as m from '@/lib/messages';

const SupportDialogContent = lazy(() =>
  import('./support-dialog-content').then((m) => ({ default: m.SupportDialogContent })),
);

/** 'Support This Project' in the footer; the dialog loads on the first press. */
export function SupportDialog() {
  return (
    <LazyDialog
      dialog={SupportDialogContent}
      props={{}}
      button={(trigger) => (
        <Button {...trigger} variant="soft">
          {m.layout_support_project()}
        </Button>
      )}
    />
  );
}
