import { useCallback, useState } from 'react';

/** `busy` while the given work runs: buttons that would start it again stay disabled meanwhile. */
export function useBusy() {
  const [busy, setBusy] = useState(false);
  const run = useCallback(async (work: () => Promise<void>) => {
    setBusy(true);
    try {
      await work();
    } finally {
      setBusy(false);
    }
  }, []);
  return { busy, run };
}
