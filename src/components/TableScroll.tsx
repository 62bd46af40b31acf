import type { ReactNode } from 'react';

/**
 * A table that may be wider than a phone: its words stay whole and it scrolls sideways in a box of
 * its own, by touch or by keyboard (reachable with Tab, named by the table's heading; a group, not a
 * second landmark beside the section that heading already names).
 */
export function TableScroll({ labelledBy, children }: { labelledBy: string; children: ReactNode }) {
  return (
    <div className="table-scroll" role="group" aria-labelledby={labelledBy} tabIndex={0}>
      {children}
    </div>
  );
}
