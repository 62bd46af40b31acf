import { useEffect, useRef } from 'react';
import { registerScanHandler } from './scanner';

/** A screen takes scans from the app-wide scanner service (src/lib/scanner.ts) while it is shown. */
export function useScanner(onScan: (text: string) => void, enabled = true): void {
  const callback = useRef(onScan);
  useEffect(() => {
    callback.current = onScan;
  });
  useEffect(() => (enabled ? registerScanHandler((text) => callback.current(text)) : undefined), [enabled]);
}
