import { lazy, Suspense, useState } from 'react';
import { useCurrentUser } from '@/lib/current-user';

const DISMISSED_KEY = 'verify-banner-dismissed';

// Most pages are seen by guests and verified members: the callout, its resend mutation and icon
// load only for a member who is shown it (decision 058).
const VerifyEmailCallout = lazy(() => import('./verify-email-callout'));

/** For signed-in members whose email is unverified, until they dismiss it. */
export function VerifyEmailBanner() {
  const { user } = useCurrentUser();
  const [dismissed, setDismissed] = useState(() => sessionStorage.getItem(DISMISSED_KEY) === '1');
  if (!user || user.emailVerified || dismissed) return null;
  return (
    <Suspense fallback={null}>
      <VerifyEmailCallout
        onDismiss={() => {
          sessionStorage.setItem(DISMISSED_KEY, '1');
          setDismissed(true);
        }}
      />
    </Suspense>
  );
}
