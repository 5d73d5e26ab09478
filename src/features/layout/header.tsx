import { Box, Button, Flex, Text } from '@radix-ui/themes';
import { Link } from '@tanstack/react-router';
import { lazy, Suspense, useState } from 'react';
import { useReturnHere } from '@/features/auth';
import { UserAvatar } from '@/components/user-avatar';
import { MobileMenu } from './mobile-menu';
import { MAIN_LINKS, MEMBER_LINKS } from '@/shared/nav-links';
import { ThemeToggle } from './theme-toggle';
import { useCurrentUser } from '@/lib/current-user';
import { UnreadMessagesBadge } from '@/components/unread-messages-badge';
import * as m from '@/lib/messages';
import { navLabel } from './nav-label';

// Members only: visitors (most first loads) never fetch the bell, its socket or its menu.
const NotificationsMenu = lazy(() =>
  import('@/features/notifications').then((m) => ({ default: m.NotificationsMenu })),
);
// Members only, and its dialog code (Radix Dialog) stays out of a visitor's first load.
const CreateListingDialog = lazy(() => import('@/features/listings').then((m) => ({ default: m.CreateListingDialog })));
// Admins only: the moderation queue's open count.
const OpenReportsLink = lazy(() => import('@/features/admin').then((m) => ({ default: m.OpenReportsLink })));
// Members only: the phone tab bar (it shows itself below 768 px) and the unread count it reads.
const PhoneTabBar = lazy(() => import('./phone-tab-bar').then((m) => ({ default: m.PhoneTabBar })));

export function Header() {
  const { user } = useCurrentUser();
  const [creating, setCreating] = useState(false);
  const returnHere = useReturnHere();
  return (
    <>
      <header className="site-header">
        <Flex align="center" justify="between" gap="3" className="container" py="3">
          <Link to="/" className="brand" aria-label={m.layout_brand_home()}>
            <span aria-hidden="true" className="brand-mark">
              ⇄
            </span>{' '}
            Barter Market
          </Link>
          <nav aria-label={m.layout_nav_main()} className="desktop-only">
            {/* Admins have two more entries (Admin, and the queue's icon beside the bell): tighter links keep one row. */}
            <Flex gap={user?.isAdmin ? '4' : '5'}>
              {MAIN_LINKS.map((link) => (
                <Link key={link.to} to={link.to} className="nav-link" activeProps={{ 'aria-current': 'page' }}>
                  {navLabel(link.key)}
                  {/* Conversations with unread messages, apart from the bell (decision 061). */}
                  {user && link.to === '/messages' && <UnreadMessagesBadge />}
                </Link>
              ))}
              {user &&
                MEMBER_LINKS.map((link) => (
                  <Link key={link.to} to={link.to} className="nav-link" activeProps={{ 'aria-current': 'page' }}>
                    {navLabel(link.key)}
                  </Link>
                ))}
              {user?.isAdmin && (
                <Link to="/admin" className="nav-link" activeProps={{ 'aria-current': 'page' }}>
                  {m.layout_nav_admin()}
                </Link>
              )}
            </Flex>
          </nav>
          <Flex align="center" gap="3">
            <ThemeToggle />
            {user ? (
              <>
                <Box className="desktop-only">
                  <Button onClick={() => setCreating(true)}>{m.layout_create_listing()}</Button>
                </Box>
                {user.isAdmin && (
                  <Suspense fallback={<Box width="32px" height="32px" aria-hidden="true" />}>
                    <OpenReportsLink />
                  </Suspense>
                )}
                {/* The fallback keeps the bell's place (a size-2 icon button) while it loads. */}
                <Suspense fallback={<Box width="32px" height="32px" aria-hidden="true" />}>
                  <NotificationsMenu />
                </Suspense>
                <Link to="/profile" className="profile-link desktop-only" title={m.layout_your_profile()}>
                  <span aria-hidden="true">
                    <UserAvatar name={user.displayName} src={user.avatarUrl} size="2" />
                  </span>
                  <Text size="2" weight="medium" className="profile-name">
                    {user.displayName}
                  </Text>
                </Link>
              </>
            ) : (
              // The Box hides on phones; the Flex inside keeps its gap (`.desktop-only` reverts display).
              <Box className="desktop-only">
                <Flex gap="3" align="center">
                  <Button asChild variant="soft">
                    <Link to="/login" search={returnHere}>
                      {m.layout_sign_in()}
                    </Link>
                  </Button>
                  <Button asChild>
                    <Link to="/signup" search={returnHere}>
                      {m.layout_sign_up()}
                    </Link>
                  </Button>
                </Flex>
              </Box>
            )}
            <MobileMenu onCreateListing={() => setCreating(true)} />
          </Flex>
        </Flex>
        {user && (
          <Suspense fallback={null}>
            <CreateListingDialog open={creating} onOpenChange={setCreating} />
          </Suspense>
        )}
      </header>
      {user && (
        <Suspense fallback={null}>
          <PhoneTabBar onCreateListing={() => setCreating(true)} />
        </Suspense>
      )}
    </>
  );
}
