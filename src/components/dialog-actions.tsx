import { Button, Dialog, Flex } from '@radix-ui/themes';
import type { ComponentProps, ReactNode } from 'react';
import './dialog-actions.css';
import * as m from '@/lib/messages';

type DialogActionsProps = Omit<ComponentProps<typeof Flex>, 'children'> & {
  submitLabel: ReactNode;
  pending: boolean;
  disabled?: boolean;
  /**
   * The form cannot be sent yet, but the button stays reachable by keyboard and announced as
   * unavailable (aria-disabled), described by what it waits for; pressing it lets the form say
   * what is missing (issue 25, item 13). Preferred over `disabled`, which takes it out of the tab order.
   */
  waiting?: boolean;
  /** The id of the text that says why the submit button waits. */
  describedBy?: string | undefined;
};

/** A dialog form's footer: Cancel (closes the dialog) and the submit button. */
export function DialogActions({ submitLabel, pending, disabled, waiting, describedBy, ...flex }: DialogActionsProps) {
  return (
    <Flex gap="3" justify="end" {...flex}>
      <Dialog.Close>
        <Button type="button" variant="soft" color="gray">
          {m.common_cancel()}
        </Button>
      </Dialog.Close>
      <Button
        type="submit"
        loading={pending}
        disabled={disabled}
        aria-disabled={waiting || undefined}
        className={waiting ? 'submit-waiting' : undefined}
        aria-describedby={describedBy}
      >
        {submitLabel}
      </Button>
    </Flex>
  );
}
