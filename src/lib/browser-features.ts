/**
 * What this browser can do, found by looking for each feature itself, never by the user-agent
 * string (an engine that gains a feature gets it offered; one that lies about its name changes
 * nothing). The menu offers only what can run here, Settings says which printers this browser can
 * reach, and the records' notices say whether the browser may delete them.
 *
 * `detectFeatures(scope)` reads only what it is given, so tests hand it a made-up browser; the
 * terminal reads its own once per page (`browserFeatures()`).
 */
export interface BrowserFeatures {
  /** WebUSB: an ESC/POS printer on USB (Chromium). */
  webUsb: boolean;
  /** Web Serial: an ESC/POS printer on a serial or Bluetooth port (Chromium). */
  webSerial: boolean;
  /**
   * The camera scanner can run: the browser gives a camera stream (getUserMedia, secure contexts
   * only) and can read barcodes, with its own Barcode Detection API or the ZXing reader compiled to
   * WebAssembly (src/lib/camera/detector.ts decides which at the moment it opens).
   */
  camera: boolean;
  /** The browser can be asked to keep the records (navigator.storage.persist). WebKitGTK has no navigator.storage at all. */
  storagePersist: boolean;
  /**
   * The terminal runs as an installed app: opened from the home screen (display-mode standalone or
   * fullscreen, the manifest's two modes) or iOS's own flag (navigator.standalone).
   */
  installed: boolean;
  /**
   * This browser has a home-screen mode of WebKit's kind (navigator.standalone exists: iOS and
   * iPadOS, where every browser is WebKit). There a tab's records are deleted after seven days of
   * use without a visit; an app on the home screen is spared.
   */
  homeScreenApp: boolean;
}

/** Where features are looked for: the page's own globals, or a made-up browser in a test. */
export interface FeatureScope {
  navigator?: object | undefined;
  matchMedia?: ((query: string) => { matches: boolean }) | undefined;
  WebAssembly?: unknown;
  BarcodeDetector?: unknown;
}

const has = (object: object | undefined, name: string): object is Record<string, unknown> =>
  object !== undefined && object !== null && name in object;

const matches = (scope: FeatureScope, query: string) => {
  try {
    return scope.matchMedia?.(query).matches === true;
  } catch {
    return false;
  }
};

export function detectFeatures(scope: FeatureScope): BrowserFeatures {
  const nav = scope.navigator;
  const mediaDevices = has(nav, 'mediaDevices') ? (nav.mediaDevices as Record<string, unknown> | undefined) : undefined;
  const storage = has(nav, 'storage') ? (nav.storage as Record<string, unknown> | undefined) : undefined;
  const wasm = scope.WebAssembly as { instantiate?: unknown } | undefined;
  const readsBarcodes = typeof scope.BarcodeDetector === 'function' || typeof wasm?.instantiate === 'function';
  return {
    webUsb: has(nav, 'usb'),
    webSerial: has(nav, 'serial'),
    camera: typeof mediaDevices?.getUserMedia === 'function' && readsBarcodes,
    storagePersist: typeof storage?.persist === 'function',
    installed:
      matches(scope, '(display-mode: standalone)') ||
      matches(scope, '(display-mode: fullscreen)') ||
      (has(nav, 'standalone') && nav.standalone === true),
    homeScreenApp: has(nav, 'standalone'),
  };
}

let detected: BrowserFeatures | undefined;

/** This page's browser (read once: none of it changes while the page is open). */
export function browserFeatures(): BrowserFeatures {
  detected ??= detectFeatures(
    typeof window === 'undefined'
      ? {}
      : {
          navigator: window.navigator,
          matchMedia: typeof window.matchMedia === 'function' ? (q) => window.matchMedia(q) : undefined,
          WebAssembly: (window as { WebAssembly?: unknown }).WebAssembly,
          BarcodeDetector: (window as { BarcodeDetector?: unknown }).BarcodeDetector,
        },
  );
  return detected;
}

/**
 * How safe the records are from the browser, as the Records panel and the header say it:
 * - `kept`: the browser promised to keep them (persist() granted).
 * - `installed`: the terminal runs from the home screen, which no browser clears for lack of use.
 * - `addToHomeScreen`: neither, in a browser that may delete them after seven days without use:
 *   one that cannot be asked to keep them at all, or one with WebKit's home-screen mode.
 * - `notKept`: no promise, in a browser that clears storage only under disk pressure.
 * - `checking`: a browser with WebKit's home-screen mode has not answered yet (no notice that
 *   would flash away).
 * The rule and its reasons: docs/decisions.md (2026-11-26).
 */
export type RecordsKeeping = 'kept' | 'installed' | 'addToHomeScreen' | 'notKept' | 'checking';

export function recordsKeeping(persisted: boolean | null, features: BrowserFeatures): RecordsKeeping {
  if (persisted === true) return 'kept';
  if (features.installed) return 'installed';
  // No way to ask: nothing will be promised, whatever the page waits for.
  if (!features.storagePersist) return 'addToHomeScreen';
  if (features.homeScreenApp) return persisted === false ? 'addToHomeScreen' : 'checking';
  // Firefox asks the user, and an unanswered prompt never settles: no promise yet is no promise.
  return 'notKept';
}

/** The ways this browser can print a slip, in the order Settings offers them. */
export type PrintRoute = 'browser' | 'network' | 'usb' | 'serial';

/** The print dialog and a network printer everywhere; USB and serial printers where the browser has them. */
export function printRoutes(features: BrowserFeatures): PrintRoute[] {
  return [
    'browser',
    'network',
    ...(features.webUsb ? (['usb'] as const) : []),
    ...(features.webSerial ? (['serial'] as const) : []),
  ];
}
