import { describe, expect, it } from 'vitest';
import { detectFeatures, printRoutes, recordsKeeping, type FeatureScope } from './browser-features';

const media =
  (...matching: string[]) =>
  (query: string) => ({ matches: matching.includes(query) });
const camera = { mediaDevices: { getUserMedia: () => undefined } };
const persist = { storage: { persist: async () => false, persisted: async () => false } };

/** The browsers the engines research measured (docs/engines.md), as the page sees them. */
const chromium: FeatureScope = {
  navigator: { usb: {}, serial: {}, ...camera, ...persist },
  matchMedia: media(),
  WebAssembly: { instantiate: () => undefined },
};
const firefox: FeatureScope = {
  navigator: { ...camera, ...persist },
  matchMedia: media(),
  WebAssembly: { instantiate: () => undefined },
};
const webkitGtk: FeatureScope = {
  navigator: { ...camera },
  matchMedia: media(),
  WebAssembly: { instantiate: () => undefined },
};
const ipadTab: FeatureScope = {
  navigator: { ...camera, ...persist, standalone: false },
  matchMedia: media(),
  WebAssembly: { instantiate: () => undefined },
};
const ipadHomeScreen: FeatureScope = {
  ...ipadTab,
  navigator: { ...camera, ...persist, standalone: true },
  matchMedia: media('(display-mode: standalone)'),
};

describe('what this browser can do, by the features themselves', () => {
  it('finds USB and serial only where the browser has them', () => {
    expect(detectFeatures(chromium)).toMatchObject({ webUsb: true, webSerial: true });
    expect(detectFeatures(firefox)).toMatchObject({ webUsb: false, webSerial: false });
    expect(detectFeatures(webkitGtk)).toMatchObject({ webUsb: false, webSerial: false });
  });

  it('offers the camera where a stream can be had and barcodes read (the native API or WebAssembly)', () => {
    expect(detectFeatures(firefox).camera).toBe(true);
    expect(detectFeatures({ ...firefox, WebAssembly: undefined }).camera).toBe(false);
    expect(detectFeatures({ ...firefox, WebAssembly: undefined, BarcodeDetector: class {} }).camera).toBe(true);
    // No mediaDevices: an insecure page, or no camera support at all.
    expect(detectFeatures({ ...firefox, navigator: { ...persist } }).camera).toBe(false);
  });

  it('knows an installed app by its display mode or by iOS’s own flag', () => {
    expect(detectFeatures(ipadTab).installed).toBe(false);
    expect(detectFeatures(ipadHomeScreen).installed).toBe(true);
    expect(detectFeatures({ ...chromium, matchMedia: media('(display-mode: fullscreen)') }).installed).toBe(true);
    expect(detectFeatures({ navigator: { standalone: true } }).installed).toBe(true);
    const throwing = () => {
      throw new Error('no media queries');
    };
    expect(detectFeatures({ ...chromium, matchMedia: throwing }).installed).toBe(false);
  });

  it('an empty scope (no window: a worker, Node) can do nothing', () => {
    expect(detectFeatures({})).toEqual({
      webUsb: false,
      webSerial: false,
      camera: false,
      storagePersist: false,
      installed: false,
      homeScreenApp: false,
    });
  });

  it('lists the print routes: the dialog and a network printer everywhere, USB and serial where they exist', () => {
    expect(printRoutes(detectFeatures(chromium))).toEqual(['browser', 'network', 'usb', 'serial']);
    expect(printRoutes(detectFeatures(firefox))).toEqual(['browser', 'network']);
    expect(printRoutes(detectFeatures({ navigator: { serial: {} } }))).toEqual(['browser', 'network', 'serial']);
  });
});

describe('whether the records are safe from the browser', () => {
  it('a promise from the browser keeps them, anywhere', () => {
    for (const scope of [chromium, firefox, ipadTab]) expect(recordsKeeping(true, detectFeatures(scope))).toBe('kept');
  });

  it('a WebKit tab without a promise: add the terminal to the home screen', () => {
    expect(recordsKeeping(false, detectFeatures(ipadTab))).toBe('addToHomeScreen');
    // Not answered yet: no notice that would flash away.
    expect(recordsKeeping(null, detectFeatures(ipadTab))).toBe('checking');
    // A browser that cannot be asked (WebKitGTK has no navigator.storage): no promise will ever come.
    expect(recordsKeeping(null, detectFeatures(webkitGtk))).toBe('addToHomeScreen');
  });

  it('once on the home screen, they are kept', () => {
    expect(recordsKeeping(false, detectFeatures(ipadHomeScreen))).toBe('installed');
    expect(
      recordsKeeping(null, detectFeatures({ ...webkitGtk, matchMedia: media('(display-mode: standalone)') })),
    ).toBe('installed');
  });

  it('Chromium and Firefox without a promise clear only under disk pressure: no seven-day notice', () => {
    expect(recordsKeeping(false, detectFeatures(chromium))).toBe('notKept');
    // Firefox's persist() prompt that nobody answers never settles.
    expect(recordsKeeping(null, detectFeatures(firefox))).toBe('notKept');
  });
});
