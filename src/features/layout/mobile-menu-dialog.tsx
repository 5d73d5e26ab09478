import { Button, Dialog, Flex, Separator, Text } from '@radix-ui/themes';
import { Link, useNavigate } from '@tanstack/react-router';
import type { RefObject } from 'react';
import { useSignOut } from '@/features/auth';
import { useReturnHere } from '@/features/auth';
import { MAIN_LINKS, MEMBER_LINKS } from '@/shared/nav-links';
import { useCurrentUser } from '@/lib/current-user';

export interface MenuDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The button that opened it: focus goes back there on close, as Dialog.Trigger would do. */
  trigger: RefObject<HTMLButtonElement | null>;
}

/** The phone menu: every header link, the profile link and Sign out. */
export function MobileMenuDialog({
  open,
  onOpenChange,
  trigger,
  onCreateListing,
}: MenuDialogProps & { onCreateListing: () => void }) {
  const { user } = useCurrentUser();
  const signOut = useSignOut();
  const navigate = useNavigate();
  const returnHere = useReturnHere();
  const close = () => onOpenChange(false);
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Content
        className="mobile-menu"
        aria-describedby={undefined}
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          trigger.current?.focus();
        }}
      >
        <Dialog.Title size="3">Menu</Dialog.Title>
        <nav aria-label="Mobile">
          <Flex direction="column" gap="1">
            {MAIN_LINKS.map((link) => (
              <Link key={link.to} to={link.to} className="mobile-menu-link" onClick={close}>
                {link.label}
              </Link>
            ))}
            <Separator size="4" my="2" />
            {user ? (
              <>
                <button
                  type="button"
                  className="mobile-menu-link"
                  onClick={() => {
                    close();
                    onCreateListing();
                  }}
                >
                  Create Listing
                </button>
                {MEMBER_LINKS.map((link) => (
                  <Link key={link.to} to={link.to} className="mobile-menu-link" onClick={close}>
                    {link.label}
                  </Link>
                ))}
                <Link to="/profile" className="mobile-menu-link" onClick={close}>
                  Profile <Text color="gray">({user.displayName})</Text>
                </Link>
                {user.isAdmin && (
                  <Link to="/admin" className="mobile-menu-link" onClick={close}>
                    Admin
                  </Link>
                )}
                <button
                  type="button"
                  className="mobile-menu-link"
                  onClick={() => {
                    close();
                    signOut();
                  }}
                >
                  Sign out
                </button>
              </>
            ) : (
              <Flex gap="3" mt="2">
                <Button
                  variant="soft"
                  onClick={() => {
                    close();
                    void navigate({ to: '/login', search: returnHere });
                  }}
                >
                  Sign In
                </Button>
                <Button
                  onClick={() => {
                    close();
                    void navigate({ to: '/signup', search: returnHere });
                  }}
                >
                  Sign Up
                </Button>
              </Flex>
            )}
          </Flex>
        </nav>
      </Dialog.Content>
    </Dialog.Root>
  );
}
