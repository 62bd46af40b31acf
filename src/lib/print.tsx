import { useEffect, type ReactNode } from 'react';
import { create } from 'zustand';

const usePrintStore = create<{ slip: ReactNode | null }>(() => ({ slip: null }));

/** Prints one slip through the browser's print dialog (receipt-width print stylesheet). */
export function printSlip(slip: ReactNode) {
  usePrintStore.setState({ slip });
}

/** Where the slip being printed is rendered; hidden on screen, the only thing on paper. */
export function PrintArea() {
  const slip = usePrintStore((s) => s.slip);
  useEffect(() => {
    if (!slip) return undefined;
    const done = () => usePrintStore.setState({ slip: null });
    window.addEventListener('afterprint', done, { once: true });
    const timer = setTimeout(() => window.print(), 0);
    return () => {
      clearTimeout(timer);
      window.removeEventListener('afterprint', done);
    };
  }, [slip]);
  return (
    <div className="print-area" aria-hidden={slip ? undefined : true}>
      {slip}
    </div>
  );
}
