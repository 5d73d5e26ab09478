// What signing out leaves behind on this device (decision 067): the browser's push subscription
// (removed from the member's list while the session still stands, then from the browser) and the
// member's saved copy. Loaded only when a member signs out.
import { forgetCopy } from './saved-copy-store';
import { appRegistration, unsubscribeThisBrowser } from './push-subscription';

export async function forgetThisDevice(userId: number | undefined): Promise<void> {
  const registration = await appRegistration().catch(() => null);
  await Promise.allSettled([
    registration ? unsubscribeThisBrowser(registration) : undefined,
    userId !== undefined ? forgetCopy(userId) : undefined,
  ]);
}
