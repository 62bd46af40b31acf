/**
 * WebKitGTK (Debian's webkit2gtk-driver and the MiniBrowser that comes with libwebkit2gtk-4.1)
 * driven by selenium-webdriver over classic WebDriver. MiniBrowser (GTK 3) has no headless mode:
 * it draws on an Xvfb started here (unless DISPLAY is set). One Xvfb and one WebKitWebDriver per
 * run; each terminal is a new WebDriver session, a new MiniBrowser with empty (ephemeral) storage.
 */
import { closeSync, mkdirSync, mkdtempSync, openSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Builder, Key, type WebDriver, type WebElement } from 'selenium-webdriver';
import { makeDriver, portable, type Driver, type Engine } from './driver';
import { painted } from './in-page';
import { freePort, removeFolder, spawnGroup, stopGroup, tempFolder } from './processes';

export const MINIBROWSER = process.env.MINIBROWSER_PATH ?? '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser';
export const WEBKIT_DRIVER = process.env.WEBKIT_DRIVER_PATH ?? '/usr/bin/WebKitWebDriver';
export const DRIVER_LOG = 'test-results/engines/webkit-driver.log';
/** A MiniBrowser starts in 0.3-1.3 s (2 busy cores); one not there after this never will be. */
const SESSION_MS = 12_000;

/** An Xvfb on the first free display (-displayfd: Xvfb picks it and tells us). */
async function startXvfb() {
  const xvfb = spawnGroup('Xvfb', ['-displayfd', '1', '-screen', '0', '1920x1080x24', '-nolisten', 'tcp'], {
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  const display = await new Promise<string>((resolve, reject) => {
    xvfb.once('error', (e) => reject(new Error(`Xvfb could not start (apt-get install xvfb): ${e.message}`)));
    xvfb.once('exit', (code) => reject(new Error(`Xvfb exited (${code})`)));
    xvfb.stdout?.once('data', (data: Buffer) => resolve(`:${String(data).trim()}`));
  });
  return { process: xvfb, display };
}

/**
 * MiniBrowser's toolbar keeps its window at least 447 px wide, too wide for a phone. A GTK theme
 * that shrinks every GTK widget to nothing lets the window go down to 390: the page is drawn by
 * WebKit itself (form controls, scrollbars), not by GTK, so it is unchanged.
 */
function tinyChromeConfig() {
  const home = tempFolder(mkdtempSync(join(tmpdir(), 'engines-webkit-')));
  mkdirSync(join(home, 'gtk-3.0'));
  writeFileSync(
    join(home, 'gtk-3.0', 'gtk.css'),
    '* { font-size: 1px; min-width: 0; min-height: 0; padding: 0; margin: 0; border-width: 0; -gtk-icon-transform: scale(0.1); }\n',
  );
  return home;
}

async function startDriver(env: NodeJS.ProcessEnv) {
  const port = await freePort();
  // Its own process group, with every MiniBrowser and WebKit process it starts: stopped as one.
  // What the driver, MiniBrowser and WebKit say (GTK warnings, internal logs): in a file, read on a failure.
  mkdirSync('test-results/engines', { recursive: true });
  const log = openSync(DRIVER_LOG, 'a');
  const driver = spawnGroup(WEBKIT_DRIVER, [`--port=${port}`, '--host=local'], { env, stdio: ['ignore', log, log] });
  closeSync(log);
  let exited: string | null = null;
  driver.once('error', (e) => (exited = e.message));
  driver.once('exit', (code, signal) => (exited = String(code ?? signal)));
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 400 && exited === null; i++) {
    try {
      if ((await fetch(`${url}/status`)).ok) return { process: driver, url };
    } catch {
      /* not listening yet */
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  await stopGroup(driver);
  throw new Error(`WebKitWebDriver did not come up (${exited ?? 'no answer'}): apt-get install webkit2gtk-driver`);
}

function sessionDriver(driver: WebDriver): Driver {
  const run = <R>(fn: (...args: never[]) => R, ...args: unknown[]) =>
    driver.executeScript(fn as (...a: unknown[]) => R, ...args) as Promise<Awaited<R>>;
  /** The window is bigger than the page by MiniBrowser's own bar: size it, measure the page, correct. */
  const setViewport = async (width: number, height: number) => {
    let w = width;
    let h = height;
    for (let i = 0; i < 4; i++) {
      await driver.manage().window().setRect({ width: w, height: h });
      // The resize reaches the page a frame or two later: measure (and take pictures) after it has painted.
      const [iw, ih] = await run(portable(painted));
      if (iw === width && ih === height) return;
      w += width - iw;
      h += height - ih;
    }
    throw new Error(`Could not size the page to ${width}x${height}`);
  };
  return makeDriver<WebElement>({
    engine: 'webkit',
    goto: (url) => driver.get(url),
    reload: () => driver.navigate().refresh(),
    setViewport,
    run,
    // WebKit hands the element over after the script has returned: one React removed meanwhile is stale.
    element: (fn, ...args) => driver.executeScript(fn as (...a: unknown[]) => WebElement | null, ...args),
    click: (el) => el.click(),
    type: (text) => driver.actions().sendKeys(text).perform(),
    press: (key) =>
      driver
        .actions()
        .sendKeys(key === 'Enter' ? Key.ENTER : Key.BACK_SPACE)
        .perform(),
    stale: (e) => (e as Error | undefined)?.name === 'StaleElementReferenceError',
    screenshot: async () => Buffer.from(await driver.takeScreenshot(), 'base64'),
    close: () => driver.quit(),
  });
}

export async function launchWebKit(): Promise<Engine> {
  const xvfb = process.env.DISPLAY ? null : await startXvfb();
  const config = tinyChromeConfig();
  const env = { ...process.env, XDG_CONFIG_HOME: config, ...(xvfb ? { DISPLAY: xvfb.display } : {}) };
  let service: Awaited<ReturnType<typeof startDriver>> | undefined;
  const stop = async () => {
    await stopGroup(service?.process);
    await stopGroup(xvfb?.process);
    removeFolder(config);
  };
  try {
    service = await startDriver(env);
  } catch (e) {
    await stop();
    throw e;
  }
  /**
   * A new MiniBrowser (a WebDriver session). One that cannot start (once in a few hundred on a
   * loaded machine: "cannot open display", it exits at once) leaves the driver's new-session
   * request waiting for ever: after SESSION_MS the driver, with whatever it started, is replaced.
   */
  const session = async (again = true): Promise<WebDriver> => {
    const building = new Builder()
      .usingServer(service!.url)
      .withCapabilities({
        browserName: 'MiniBrowser', // selenium's Builder needs one; the driver checks it against the binary's
        // '--automation' is required (without it: "Failed to match capabilities"); MiniBrowser has no --headless.
        'webkitgtk:browserOptions': { binary: MINIBROWSER, args: ['--automation'] },
      })
      .build();
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), SESSION_MS)));
    const driver = await Promise.race([building, late]).finally(() => clearTimeout(timer));
    if (driver) {
      await driver.manage().setTimeouts({ script: 30_000 });
      return driver;
    }
    building.catch(() => undefined); // it fails when its driver is stopped, below
    await stopGroup(service?.process);
    if (!again) throw new Error(`No MiniBrowser after ${SESSION_MS / 1000} s, twice`);
    console.log(`    (webkit: no MiniBrowser after ${SESSION_MS / 1000} s; WebKitWebDriver started again)`);
    service = await startDriver(env);
    return session(false);
  };
  let version = '';
  return {
    name: 'webkit',
    get version() {
      return version; // known once the first MiniBrowser has started
    },
    async newTerminal(viewport) {
      const driver = await session();
      version ||= `WebKitGTK ${String((await driver.getCapabilities()).get('browserVersion'))}`;
      const terminal = sessionDriver(driver);
      await terminal.setViewport(viewport.width, viewport.height);
      return terminal;
    },
    close: stop,
  };
}
