import type { ReactNode } from 'react';

/**
 * One term and its value inside a `<dl>`, the value named by its term: a screen reader announces
 * "On hold, €12.50", and a test finds the value by the name a cashier reads.
 */
export function Fact({
  id,
  term,
  children,
  className,
}: {
  id: string;
  term: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <div className={className}>
      <dt id={id}>{term}</dt>
      <dd aria-labelledby={id}>{children}</dd>
    </div>
  );
}
