// A hover and focus hint for a control whose accessible name is already its label (the hint is
// that label shown to the eye). The tooltip's code loads when the browser is idle after the app
// starts, or at once when the pointer or focus reaches the control first, so no page's entry
// carries it (decision 058). Until it has loaded the control is rendered alone; a control that
// has focus when the tooltip wraps it keeps it.
import { useEffect, useLayoutEffect, useRef, useState, type ReactElement } from 'react';

type HintTooltip = typeof import('./hint-tooltip').HintTooltip;

let loaded: HintTooltip | null = null;
let loading: Promise<HintTooltip> | null = null;
const loadTooltip = () => (loading ??= import('./hint-tooltip').then((module) => (loaded = module.HintTooltip)));

const whenIdle = (task: () => void) => {
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(task, { timeout: 3000 });
    return () => cancelIdleCallback(id);
  }
  const id = setTimeout(task, 200);
  return () => clearTimeout(id);
};

export function Hint({ content, children }: { content: string; children: ReactElement }) {
  const [Tooltip, setTooltip] = useState<HintTooltip | null>(() => loaded);
  const wrapper = useRef<HTMLSpanElement>(null);
  const hadFocus = useRef(false);
  const [wanted, setWanted] = useState(false);

  useEffect(() => {
    if (Tooltip) return;
    let live = true;
    const start = () =>
      void loadTooltip().then((tooltip) => {
        if (!live) return;
        hadFocus.current = wrapper.current?.contains(document.activeElement) ?? false;
        setTooltip(() => tooltip);
      });
    if (wanted) {
      start();
      return () => void (live = false);
    }
    const cancel = whenIdle(start);
    return () => {
      live = false;
      cancel();
    };
  }, [Tooltip, wanted]);

  // The control is a new element inside the tooltip's trigger: give it back the focus it had.
  useLayoutEffect(() => {
    if (!Tooltip || !hadFocus.current) return;
    hadFocus.current = false;
    wrapper.current?.querySelector<HTMLElement>('button, a[href], input, [tabindex]')?.focus();
  }, [Tooltip]);

  return (
    <span
      ref={wrapper}
      style={{ display: 'contents' }}
      onPointerEnter={Tooltip ? undefined : () => setWanted(true)}
      onFocus={Tooltip ? undefined : () => setWanted(true)}
    >
      {Tooltip ? <Tooltip content={content}>{children}</Tooltip> : children}
    </span>
  );
}
