// Focus on navigation (WCAG 2.4.3, issue 25 item 13): after the path changes, focus moves to the
// new page's heading (its one h1), so a keyboard or screen reader user starts where the page does
// and hears its name, instead of at <body>. A page that put focus somewhere inside <main> itself
// (a conversation's composer) keeps it. Search and hash changes on one path (a tab, a page of
// results) leave focus alone. With no heading in time, <main> takes focus and the live region
// says the page's title.
import { useRouter } from '@tanstack/react-router';
import { useEffect, useState } from 'react';

/** How long a page may take to show its heading (its data loading) before <main> is focused instead. */
const HEADING_WAIT_MS = 5000;

export function RouteFocus() {
  const router = useRouter();
  const [said, setSaid] = useState('');
  useEffect(() => {
    let cancel = () => {};
    // What had focus when the navigation began (the link pressed): not a choice of the new page.
    let before: Element | null = null;
    const unsubscribeStart = router.subscribe('onBeforeNavigate', () => {
      before = document.activeElement;
    });
    const unsubscribe = router.subscribe('onResolved', ({ fromLocation, toLocation, pathChanged }) => {
      if (!fromLocation || !pathChanged) return;
      cancel();
      cancel = focusNewPage(toLocation.pathname, before, setSaid);
    });
    return () => {
      cancel();
      unsubscribeStart();
      unsubscribe();
    };
  }, [router]);
  return (
    <div className="visually-hidden" role="status" aria-live="polite" data-testid="route-announcer">
      {said}
    </div>
  );
}

/** Waits for the page's h1 (each frame, up to HEADING_WAIT_MS) and focuses it; returns a cancel. */
function focusNewPage(pathname: string, before: Element | null, say: (text: string) => void): () => void {
  const main = document.getElementById('main');
  const started = performance.now();
  let frame = 0;
  const chosenByPage = () => {
    const active = document.activeElement;
    return !!main && !!active && active !== main && active !== before && main.contains(active);
  };
  const step = () => {
    if (location.pathname !== pathname || chosenByPage()) return;
    const heading = main?.querySelector<HTMLElement>('h1');
    if (heading) {
      if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
      heading.focus({ preventScroll: false });
      say('');
      return;
    }
    if (performance.now() - started > HEADING_WAIT_MS) {
      main?.focus();
      say(document.title);
      return;
    }
    frame = requestAnimationFrame(step);
  };
  frame = requestAnimationFrame(step);
  return () => cancelAnimationFrame(frame);
}
