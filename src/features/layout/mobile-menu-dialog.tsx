import { Button, Dialog, Flex, Separator, Text } from '@radix-ui/themes';
import { Link, useNavigate } from '@tanstack/react-router';
import type { RefObject } from 'react';
import { useSignOut } from '@/features/auth';
import { useReturnHere } from '@/features/auth';
import { MAIN_LINKS, MEMBER_LINKS } from '@/shared/nav-links';
import { useCurrentUser } from '@/lib/current-user';
import * as m from '@/lib/messages';
import { navLabel } from './nav-label';

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
        <Dialog.Title size="3">{m.layout_menu()}</Dialog.Title>
        <nav aria-label={m.layout_menu_nav()}>
          <Flex direction="column" gap="1">
            {MAIN_LINKS.map((link) => (
              <Link key={link.to} to={link.to} className="mobile-menu-link" onClick={close}>
                {navLabel(link.key)}
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
                  {m.layout_create_listing()}
                </button>
                {MEMBER_LINKS.map((link) => (
                  <Link key={link.to} to={link.to} className="mobile-menu-link" onClick={close}>
                    {navLabel(link.key)}
                  </Link>
                ))}
                <Link to="/profile" className="mobile-menu-link" onClick={close}>
                  {m.layout_profile()} <Text color="gray">({user.displayName})</Text>
                </Link>
                {user.isAdmin && (
                  <Link to="/admin" className="mobile-menu-link" onClick={close}>
                    {m.layout_nav_admin()}
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
                  {m.layout_sign_out()}
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
                  {m.layout_sign_in()}
                </Button>
                <Button
                  onClick={() => {
                    close();
                    void navigate({ to: '/signup', search: returnHere });
                  }}
                >
                  {m.layout_sign_up()}
                </Button>
              </Flex>
            )}
          </Flex>
        </nav>
      </Dialog.Content>
    </Dialog.Root>
  );
}
