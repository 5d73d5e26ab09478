import { useRef, useState, type ComponentType, type ReactElement, type RefObject } from 'react';
import type { MenuDialogProps } from './mobile-menu-dialog';

/**
 * A dialog of the page frame whose code (Radix Dialog, its focus trap and scroll lock) loads on
 * the first press of its button, not with every page (decision 058): `dialog` is made by
 * `onDemand` (src/components/on-demand.tsx). `button` renders the trigger with the props given;
 * the button carries what Dialog.Trigger would set on it.
 */
export function LazyDialog<P extends object>({
  button,
  dialog: Dialog,
  props,
}: {
  button: (props: {
    ref: RefObject<HTMLButtonElement | null>;
    onClick: () => void;
    'aria-haspopup': 'dialog';
    'aria-expanded': boolean;
    'data-state': 'open' | 'closed';
  }) => ReactElement;
  dialog: ComponentType<MenuDialogProps & P>;
  props: P;
}) {
  const trigger = useRef<HTMLButtonElement>(null);
  const [open, setOpen] = useState(false);
  return (
    <>
      {button({
        ref: trigger,
        onClick: () => setOpen(true),
        'aria-haspopup': 'dialog',
        'aria-expanded': open,
        'data-state': open ? 'open' : 'closed',
      })}
      <Dialog {...props} open={open} onOpenChange={setOpen} trigger={trigger} />
    </>
  );
}
