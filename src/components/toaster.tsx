import { lazy, Suspense, useState } from 'react';
import { useToasts } from '../lib/toast';

// Radix Toast and the layers under it load with the first toast: most first loads show none, and
// the home page's JavaScript budget counts every byte (decision 058). Once loaded it stays.
const ToastList = lazy(() => import('./toast-list').then((m) => ({ default: m.ToastList })));

/** The app's toasts (src/lib/toast): the list and its F8 viewport, from the first toast on. */
export function Toaster() {
  const toasts = useToasts();
  const [shown, setShown] = useState(false);
  if (!shown && toasts.length > 0) setShown(true);
  if (!shown && toasts.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <ToastList />
    </Suspense>
  );
}
