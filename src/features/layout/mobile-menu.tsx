import { HamburgerMenuIcon } from '@radix-ui/react-icons';
<<<<<<< HEAD
import { Button, Dialog, Flex, IconButton, Separator, Text } from '@radix-ui/themes';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useSignOut } from '@/features/auth';
import { useReturnHere } from '@/features/auth';
import { MAIN_LINKS, MEMBER_LINKS } from '@/shared/nav-links';
import { useCurrentUser } from '@/lib/current-user';
=======
import { IconButton } from '@radix-ui/themes';
import { lazy } from 'react';
import { LazyDialog } from './lazy-dialog';
>>>>>>> s4-budgets

const MobileMenuDialog = lazy(() => import('./mobile-menu-dialog').then((m) => ({ default: m.MobileMenuDialog })));

/** The phone menu's button; the menu itself loads on the first tap. */
export function MobileMenu({ onCreateListing }: { onCreateListing: () => void }) {
  return (
    <LazyDialog
      dialog={MobileMenuDialog}
      props={{ onCreateListing }}
      button={(trigger) => (
        <IconButton
          {...trigger}
          variant="ghost"
          color="gray"
          aria-label="Open menu"
          className="mobile-only"
          data-testid="mobile-menu-button"
        >
          <HamburgerMenuIcon width="20" height="20" />
        </IconButton>
      )}
    />
  );
}
