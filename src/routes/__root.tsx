import type { QueryClient } from '@tanstack/react-query';
import { createRootRouteWithContext, Outlet } from '@tanstack/react-router';
import { Footer } from '../features/layout/footer';
import { Header } from '../features/layout/header';
import { VerifyEmailBanner } from '../features/layout/verify-email-banner';
import { NotFoundCard } from '../components/not-found-card';
import { RouteFocus } from '../components/route-focus';
import { RouteError } from '../components/route-error';
import { Toaster } from '../components/toaster';
import { OfflineNotice } from '../components/offline-notice';

export const Route = createRootRouteWithContext<{ queryClient: QueryClient }>()({
  component: RootLayout,
  notFoundComponent: NotFoundCard,
  errorComponent: RouteError,
});

function RootLayout() {
  return (
    <div className="app-shell">
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      <Header />
      <VerifyEmailBanner />
      <OfflineNotice />
      <main id="main" tabIndex={-1} className="app-main">
        <Outlet />
      </main>
      <Footer />
      <Toaster />
      <RouteFocus />
    </div>
  );
}
