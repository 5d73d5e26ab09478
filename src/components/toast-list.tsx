import * as Toast from '@radix-ui/react-toast';
import { Cross2Icon } from '@radix-ui/react-icons';
import { Flex, IconButton, Text } from '@radix-ui/themes';
import { dismissToast, TOAST_DURATION_MS, useToasts } from '../lib/toast';
import * as m from '@/lib/messages';

/** Renders the toast store with Radix Toast: F8 focuses the viewport, swipe right to dismiss. */
export function ToastList() {
  const toasts = useToasts();
  return (
    <Toast.Provider duration={TOAST_DURATION_MS} swipeDirection="right" swipeThreshold={50}>
      {toasts.map((t) => (
        <Toast.Root
          key={t.id}
          open={t.open}
          onOpenChange={(open) => !open && dismissToast(t.id)}
          className={`toast ${t.variant === 'destructive' ? 'toast-destructive' : ''}`}
          data-testid="toast"
        >
          <Flex justify="between" gap="3" align="start">
            <div>
              <Toast.Title asChild>
                <Text as="div" weight="bold" size="2">
                  {t.title}
                </Text>
              </Toast.Title>
              {t.description && (
                <Toast.Description asChild>
                  <Text as="div" size="2">
                    {t.description}
                  </Text>
                </Toast.Description>
              )}
            </div>
            <Toast.Close asChild>
              <IconButton size="1" variant="ghost" color="gray" aria-label={m.common_close_notification()}>
                <Cross2Icon />
              </IconButton>
            </Toast.Close>
          </Flex>
        </Toast.Root>
      ))}
      <Toast.Viewport
        className="toast-viewport"
        hotkey={['F8']}
        label={m.common_notifications_region({ hotkey: '{hotkey}' })}
      />
    </Toast.Provider>
  );
}
