import { HamburgerMenuIcon } from '@radix-ui/react-icons';
import { IconButton } from '@radix-ui/themes';
import { onDemand } from '@/components/on-demand';
import { LazyDialog } from './lazy-dialog';
import * as m from '@/lib/messages';

const MobileMenuDialog = onDemand(() => import('./mobile-menu-dialog').then((module) => module.MobileMenuDialog));

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
          aria-label={m.layout_open_menu()}
          className="mobile-only"
          data-testid="mobile-menu-button"
        >
          <HamburgerMenuIcon width="20" height="20" />
        </IconButton>
      )}
    />
  );
}
