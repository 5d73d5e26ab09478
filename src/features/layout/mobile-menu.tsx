import { HamburgerMenuIcon } from '@radix-ui/react-icons';
import { Button, Dialog, Flex, IconButton, Separator, Text } from '@radix-ui/themes';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useSignOut } from '@/features/auth';
import { useReturnHere } from '@/features/auth';
import { MAIN_LINKS, MEMBER_LINKS } from '@/shared/nav-links';
import { useCurrentUser } from '@/lib/current-user';

/** The phone menu: every header link, the profile link and Sign out. */
export function MobileMenu({ onCreateListing }: { onCreateListing: () => void }) {
  const [open, setOpen] = useState(false);
  const { user } = useCurrentUser();
  const signOut = useSignOut();
  const navigate = useNavigate();
  const returnHere = useReturnHere();
  const close = () => setOpen(false);
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger>
        <IconButton
          variant="ghost"
          color="gray"
          aria-label="Open menu"
          className="mobile-only"
          data-testid="mobile-menu-button"
        >
          <HamburgerMenuIcon width="20" height="20" />
        </IconButton>
      </Dialog.Trigger>
      <Dialog.Content className="mobile-menu" aria-describedby={undefined}>
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
