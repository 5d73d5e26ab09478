import { Button, Dialog, Flex } from '@radix-ui/themes';
import type { ComponentProps, ReactNode } from 'react';

type DialogActionsProps = Omit<ComponentProps<typeof Flex>, 'children'> & {
  submitLabel: ReactNode;
  pending: boolean;
  disabled?: boolean;
  /** The id of the text that says why the submit button waits. */
  describedBy?: string | undefined;
};

/** A dialog form's footer: Cancel (closes the dialog) and the submit button. */
export function DialogActions({ submitLabel, pending, disabled, describedBy, ...flex }: DialogActionsProps) {
  return (
    <Flex gap="3" justify="end" {...flex}>
      <Dialog.Close>
        <Button type="button" variant="soft" color="gray">
          Cancel
        </Button>
      </Dialog.Close>
      <Button type="submit" loading={pending} disabled={disabled} aria-describedby={describedBy}>
        {submitLabel}
      </Button>
    </Flex>
  );
}
