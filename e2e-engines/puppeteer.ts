/**
 * Firefox ESR (Debian's firefox-esr) driven by puppeteer-core over WebDriver BiDi: no geckodriver,
 * no browser download. The same code drives Chromium over CDP, for comparing a step with the
 * Chromium e2e (`npm run test:engines -- chromium`).
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import puppeteer, { type ElementHandle, type Page } from 'puppeteer-core';
import { makeDriver, type Driver, type Engine } from './driver';
import { adopt, forget, removeFolder, tempFolder } from './processes';

export const FIREFOX = process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr';
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** A page's driver: puppeteer's native mouse and keyboard (BiDi input.performActions in Firefox). */
function pageDriver(page: Page, close: () => Promise<void>, engine: 'firefox' | 'chromium'): Driver {
  return makeDriver<ElementHandle>({
    engine,
    goto: async (url) => void (await page.goto(url, { waitUntil: 'load' })),
    reload: async () => void (await page.reload({ waitUntil: 'load' })),
    setViewport: (width, height) => page.setViewport({ width, height }),
    run: (fn, ...args) => page.evaluate(fn as (...a: unknown[]) => never, ...args),
    async element(fn, ...args) {
      const handle = await page.evaluateHandle(fn as (...a: unknown[]) => Element | null, ...args);
      const el = handle.asElement() as ElementHandle | null;
      if (!el) await handle.dispose();
      return el;
    },
    click: (el) => el.click(),
    type: (text) => page.keyboard.type(text),
    press: (key) => page.keyboard.press(key),
    stale: (e) => /detached|stale|no such (node|element)|not attached|Node is either not visible/i.test(String(e)),
    screenshot: async () => Buffer.from(await page.screenshot()),
    close,
  });
}

export async function launchFirefox(): Promise<Engine> {
  // Our own profile folder: removed by the run's exit handler too (puppeteer's own is left behind by a Ctrl-C).
  const profile = tempFolder(mkdtempSync(join(tmpdir(), 'engines-firefox-')));
  const browser = await puppeteer.launch({
    browser: 'firefox',
    executablePath: FIREFOX,
    headless: true,
    protocol: 'webDriverBiDi', // the default for Firefox in puppeteer 24: CDP for Firefox is gone
    userDataDir: profile,
    handleSIGINT: false, // processes.ts stops the browser's process group on every kind of exit
    handleSIGTERM: false,
    handleSIGHUP: false,
    extraPrefsFirefox: {
      // The terminal's offline shell stays out of the way, as in the Playwright suite (serviceWorkers: 'block').
      'dom.serviceWorkers.enabled': false,
      // navigator.storage.persist() asks the user, and headless nobody answers: the terminal's storage
      // report would wait for ever. Granted, as an installed terminal's browser would.
      'permissions.default.persistent-storage': 1,
    },
  });
  const pid = browser.process()?.pid;
  adopt(pid, 'SIGKILL');
  const version = await browser.version();
  return {
    name: 'firefox',
    version,
    async newTerminal(viewport) {
      // A user context of its own: empty storage, as a fresh tablet.
      const context = await browser.createBrowserContext();
      const page = await context.newPage();
      await page.setViewport(viewport);
      return pageDriver(page, () => context.close(), 'firefox');
    },
    async close() {
      await browser.close();
      forget(pid);
      removeFolder(profile);
    },
  };
}

export async function launchChromium(): Promise<Engine> {
  const profile = tempFolder(mkdtempSync(join(tmpdir(), 'engines-chromium-')));
  const browser = await puppeteer.launch({
    browser: 'chrome',
    executablePath: CHROMIUM,
    headless: true,
    userDataDir: profile,
    handleSIGINT: false,
    handleSIGTERM: false,
    handleSIGHUP: false,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
  });
  const pid = browser.process()?.pid;
  adopt(pid, 'SIGKILL');
  const version = await browser.version();
  return {
    name: 'chromium',
    version,
    async newTerminal(viewport) {
      const context = await browser.createBrowserContext();
      const page = await context.newPage();
      await page.setViewport(viewport);
      return pageDriver(page, () => context.close(), 'chromium');
    },
    async close() {
      await browser.close();
      forget(pid);
      removeFolder(profile);
    },
  };
}
