import type { Page } from '@playwright/test';

/**
 * Makes Chromium report what another browser would, before the terminal's scripts run: the
 * test drives what the browser says about itself, and the terminal decides what follows
 * (src/lib/browser-features.ts). Each option takes a feature away or answers for it; nothing
 * else is changed.
 */
export interface BrowserReport {
  /** iOS's own flag: absent everywhere but iOS and iPadOS (`undefined` leaves Chromium's: absent). */
  iosStandalone?: boolean;
  /** `(display-mode: standalone)` matches: opened from the home screen. */
  homeScreen?: boolean;
  /** navigator.storage.persist: granted, refused, or no storage manager at all (WebKitGTK). */
  persist?: 'granted' | 'refused' | 'absent';
  /** Takes WebUSB, Web Serial and WebAssembly away where false. */
  usb?: false;
  serial?: false;
  webAssembly?: false;
}

export async function browserReports(page: Page, report: BrowserReport) {
  await page.addInitScript((r: BrowserReport) => {
    if (r.iosStandalone !== undefined)
      Object.defineProperty(Navigator.prototype, 'standalone', { configurable: true, get: () => r.iosStandalone });
    if (r.homeScreen) {
      const real = window.matchMedia.bind(window);
      window.matchMedia = (query: string) => {
        const list = real(query);
        if (/\(display-mode:\s*standalone\)/.test(query)) Object.defineProperty(list, 'matches', { value: true });
        return list;
      };
    }
    if (r.persist === 'absent')
      Object.defineProperty(Navigator.prototype, 'storage', { configurable: true, get: () => undefined });
    else if (r.persist) {
      const granted = r.persist === 'granted';
      navigator.storage.persisted = async () => granted;
      navigator.storage.persist = async () => granted;
    }
    const w = window as unknown as Record<string, unknown>;
    if (r.usb === false) delete (Navigator.prototype as unknown as Record<string, unknown>).usb;
    if (r.serial === false) delete (Navigator.prototype as unknown as Record<string, unknown>).serial;
    if (r.webAssembly === false) delete w.WebAssembly;
  }, report);
}
