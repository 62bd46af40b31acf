import type { Page } from '@playwright/test';

/** What a tab keeps, counted by Chromium after a forced garbage collection. */
export interface MemoryFigures {
  /** DOM nodes alive in the renderer (on screen or detached but still referenced). */
  nodes: number;
  /** Event listeners registered from JavaScript (DOM nodes, window, channels). */
  listeners: number;
  /** JavaScript heap in use, MB. */
  heapMB: number;
  documents: number;
}

/**
 * The tab's counters once it is idle and garbage collected (CDP: HeapProfiler.collectGarbage,
 * then Performance.getMetrics). Collected more than once: an object freed by one collection may
 * be what kept another alive (weak maps, finalizers, React's deferred cleanups).
 */
export async function memoryAfterGC(page: Page): Promise<MemoryFigures> {
  const cdp = await page.context().newCDPSession(page);
  try {
    // Whatever React or the app left for an idle moment (passive effects, deferred cleanups) runs first.
    await page.evaluate(() => new Promise<void>((resolve) => requestIdleCallback(() => resolve(), { timeout: 2000 })));
    for (let i = 0; i < 3; i += 1) await cdp.send('HeapProfiler.collectGarbage');
    await cdp.send('Performance.enable');
    const { metrics } = await cdp.send('Performance.getMetrics');
    await cdp.send('Performance.disable');
    const metric = (name: string) => metrics.find((m) => m.name === name)?.value ?? NaN;
    return {
      nodes: metric('Nodes'),
      listeners: metric('JSEventListeners'),
      heapMB: Math.round((metric('JSHeapUsedSize') / 1024 / 1024) * 100) / 100,
      documents: metric('Documents'),
    };
  } finally {
    await cdp.detach();
  }
}
