// The hint's tooltip, in a chunk of its own (src/components/hint.tsx loads it): Radix Themes'
// Tooltip with the provider that sets its timing, here rather than around the whole app, so the
// tooltip's code (Popper, Floating UI) is in no page's entry (scripts/lib/radix-theme-root.mjs).
import { Provider } from '@radix-ui/react-tooltip';
import { Tooltip } from '@radix-ui/themes';
import type { ReactElement } from 'react';

/** Opens after 700 ms; moving to another hint within 300 ms of one closing skips the delay. */
export function HintTooltip({ content, children }: { content: string; children: ReactElement }) {
  return (
    <Provider delayDuration={700} skipDelayDuration={300}>
      <Tooltip content={content}>{children}</Tooltip>
    </Provider>
  );
}
