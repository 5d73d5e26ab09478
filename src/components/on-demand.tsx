// A dialog whose code loads the first time it opens: a control shown on many pages (Report, a
// counter-offer, the phone menu, Support This Project) whose dialog few members open would
// otherwise add its code to every first visit (docs/performance.md, "Bundle budgets"). Once loaded
// it stays mounted, so closing keeps Radix's focus return and animation.
import { lazy, Suspense, useState, type ComponentProps, type ComponentType } from 'react';

export function onDemand<P extends { open: boolean }>(load: () => Promise<ComponentType<P>>) {
  const Dialog = lazy(() => load().then((component) => ({ default: component })));
  return function OnDemand(props: P & ComponentProps<ComponentType<P>>) {
    const [wanted, setWanted] = useState(props.open);
    if (props.open && !wanted) setWanted(true);
    return wanted ? (
      <Suspense fallback={null}>
        <Dialog {...props} />
      </Suspense>
    ) : null;
  };
}
