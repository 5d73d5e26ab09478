import type { ReactNode } from 'react';

/**
 * A table's own horizontal scroll box: focusable and named, so keyboard users can scroll it
 * and screen readers announce what it holds (WCAG scrollable-region-focusable).
 */
export function TableScroll({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="admin-table-scroll" role="region" aria-label={label} tabIndex={0}>
      {children}
    </div>
  );
}
