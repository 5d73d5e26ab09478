import type { QueryClient } from '@tanstack/react-query';
import { createRootRouteWithContext, Outlet } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { Header } from '../features/layout/header';
import { VerifyEmailBanner } from '../features/layout/verify-email-banner';
import { NotFoundCard } from '../components/not-found-card';
import { RouteFocus } from '../components/route-focus';
import { RouteError } from '../components/route-error';
import { Toaster } from '../components/toaster';
import { OfflineNotice } from '../components/offline-notice';
import * as m from '@/lib/messages';

// The footer is below the fold of every page and not in the Worker's first screen: its code (the
// links, the language and distance choices) loads after the first render, not with the page (decision 068).
const Footer = lazy(() => import('../features/layout/footer').then((m) => ({ default: m.Footer })));

export const Route = createRootRouteWithContext<{ queryClient: QueryClient }>()({
  component: RootLayout,
  notFoundComponent: NotFoundCard,
  errorComponent: RouteError,
});

function RootLayout() {
  return (
    <div className="app-shell">
      <a href="#main" className="skip-link">
        {m.layout_skip_to_content()}
      </a>
      <Header />
      <VerifyEmailBanner />
      <OfflineNotice />
      <main id="main" tabIndex={-1} className="app-main">
        <Outlet />
      </main>
      <Suspense fallback={null}>
        <Footer />
      </Suspense>
      <Toaster />
      <RouteFocus />
    </div>
  );
}
