import { Button } from '@radix-ui/themes';
import { onDemand } from '@/components/on-demand';
import { LazyDialog } from './lazy-dialog';
import * as m from '@/lib/messages';

const SupportDialogContent = onDemand(() =>
  import('./support-dialog-content').then((module) => module.SupportDialogContent),
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
