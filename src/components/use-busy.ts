import { useCallback, useRef, useState } from 'react';

/**
 * `busy` while the given work runs: buttons that would start it again stay disabled meanwhile.
 * The guard itself is a ref, set in the same instant as the click: a second click (or a second
 * submit) before React re-renders the disabled button finds it taken and does nothing.
 */
export function useBusy() {
  const [busy, setBusy] = useState(false);
  const taken = useRef(false);
  const run = useCallback(async (work: () => Promise<void>) => {
    if (taken.current) return;
    taken.current = true;
    setBusy(true);
    try {
      await work();
    } finally {
      taken.current = false;
      setBusy(false);
    }
  }, []);
  return { busy, run };
}
