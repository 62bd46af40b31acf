import {
  test as base,
  type PlaywrightTestArgs,
  type PlaywrightTestOptions,
  type PlaywrightWorkerArgs,
  type PlaywrightWorkerOptions,
  type TestType,
} from '@playwright/test';
import { parseDataset } from '../../src/simulator/engine/dataset';
import { demoDataset } from '../../src/simulator/demo-dataset';
import { startSimulator } from '../../src/simulator/node/server';
import { checkedAccess, LoyaltyServer, type LoyaltyServerAccess } from './loyalty-server';
import { screens, type Screen } from './screens';
import { terminalServedAt } from './served';
import { CASEY, hashedPin, type Cashier } from './seed';
import { bundledTerminal, serveTerminal } from './terminal-server';
import { Terminal } from './terminal';

/** What a test sets with `test.use({ … })`. */
export interface KitOptions {
  /** 'live' (the default): the terminal works with the kit's server. 'training': with the simulator in the page. */
  mode: 'live' | 'training';
  /** The screen the terminal runs on (Playwright's own `screen` is the emulated device's): 'phone', 'tabletPortrait', 'tabletLandscape', 'desktop'; unset: the config's viewport. */
  screenSize: Screen | undefined;
  /** The cashier signed on before the test (null: the sign-on screen is the first). */
  cashier: Cashier | null;
  /** The manager's PIN, set up before the test. */
  managerPin: string;
  /** Tills (their origins) allowed to hand payments over, e.g. ['http://till.test'] (docs/till-integration.md). */
  tillOrigins: string[];
}

/** What a worker sets in the config (`use: { … }`). */
export interface KitWorkerOptions {
  /** A terminal build the integrator serves (its address); unset: the kit serves the terminal it ships. */
  terminalURL: string | undefined;
  /** The port of the kit's server (0: any free port, the default). */
  loyaltyServerPort: number;
  /**
   * A Loyalty server of your own (its base URL) instead of the kit's: the terminal is set up for it.
   * Cards, faults, the clock and the magic cards need the project's simulator (`npm run simulator`).
   */
  loyaltyServerURL: string | undefined;
  /**
   * With `loyaltyServerURL`: what the terminal is set up with for your server (its token, loyalty
   * group, merchant, currency, card series; the store's and workstation's ids if it wants them).
   * Unset: the simulator's demo ones (token 'demo-token', group 'demo', merchant 'M1', EUR, the
   * built-in series). The token is never printed by the kit.
   */
  loyaltyServerAccess: LoyaltyServerAccess | undefined;
}

export interface KitFixtures {
  /** The Loyalty server: the project's simulator, this worker's, reset before each test. */
  loyaltyServer: LoyaltyServer;
  /** The terminal in the test's page, set up and opened the first time it is used. */
  terminal: Terminal;
}

/**
 * The worker's own (not for tests): where its server and its terminal are. Left out of the
 * package's types (`stripInternal`, kit/tsconfig.build.json); this repository's own suite uses them.
 */
interface KitWorkerFixtures {
  /** @internal */
  kitSimulator: { url: string };
  /** @internal */
  kitTerminalURL: string;
}

const pins = new Map<string, ReturnType<typeof hashedPin>>();

/**
 * The kit's test: Playwright's, with the Loyalty server and the terminal. Its type names
 * `@playwright/test` only (the package's peer), never the packages that one is made of.
 */
export const test: TestType<
  PlaywrightTestArgs & PlaywrightTestOptions & KitOptions & KitFixtures,
  PlaywrightWorkerArgs & PlaywrightWorkerOptions & KitWorkerOptions & KitWorkerFixtures
> = base.extend<KitOptions & KitFixtures, KitWorkerOptions & KitWorkerFixtures>({
  mode: ['live', { option: true }],
  screenSize: [undefined, { option: true }],
  cashier: [CASEY, { option: true }],
  managerPin: ['2468', { option: true }],
  tillOrigins: [[], { option: true }],
  terminalURL: [undefined, { option: true, scope: 'worker' }],
  loyaltyServerPort: [0, { option: true, scope: 'worker' }],
  loyaltyServerURL: [undefined, { option: true, scope: 'worker' }],
  loyaltyServerAccess: [undefined, { option: true, scope: 'worker' }],

  kitSimulator: [
    async ({ loyaltyServerPort, loyaltyServerURL, loyaltyServerAccess }, use) => {
      if (loyaltyServerAccess !== undefined) {
        if (!loyaltyServerURL)
          throw new Error(
            "loyaltyServerAccess is for a Loyalty server of your own: give its address too (loyaltyServerURL). The kit's own " +
              'server is the simulator with its demo credentials and series, which the terminal is set up with unless told otherwise.',
          );
        checkedAccess(loyaltyServerAccess); // refused in words now, once for the worker, not in every test
      }
      if (loyaltyServerURL) return use({ url: loyaltyServerURL.replace(/\/+$/, '') });
      const parsed = parseDataset(demoDataset);
      if (!parsed.ok) throw new Error(parsed.problems.join('\n'));
      const running = await startSimulator({ dataset: parsed.dataset, port: loyaltyServerPort });
      await use(running);
      await running.close();
    },
    { scope: 'worker', timeout: 30_000 },
  ],

  // Set up for every worker (auto): the steps that open a page on the terminal go to the
  // `terminalURL` option, else where the config's `baseURL` says (as `page.goto('/')` would: an
  // integrator's own deployment), else, with no `baseURL`, to the terminal the kit ships.
  kitTerminalURL: [
    async ({ terminalURL }, use) => {
      if (terminalURL) {
        terminalServedAt({ chosen: terminalURL });
        await use(terminalURL);
        terminalServedAt({});
        return;
      }
      const served = await serveTerminal(bundledTerminal);
      terminalServedAt({ shipped: served.url });
      await use(served.url);
      terminalServedAt({});
      await served.close();
    },
    { scope: 'worker', auto: true },
  ],

  loyaltyServer: async ({ kitSimulator, mode, loyaltyServerAccess }, use, testInfo) => {
    const server = new LoyaltyServer(kitSimulator.url, testInfo.workerIndex, mode === 'training', loyaltyServerAccess);
    if (await server.isSimulator()) await server.reset();
    await use(server);
  },

  terminal: async (
    {
      page,
      mode,
      screenSize,
      locale,
      cashier,
      managerPin,
      tillOrigins,
      loyaltyServer,
      kitTerminalURL,
      loyaltyServerAccess,
    },
    use,
  ) => {
    if (screenSize) await page.setViewportSize(screens[screenSize]);
    if (!pins.has(managerPin)) pins.set(managerPin, hashedPin(managerPin));
    const terminalLocale = locale?.toLowerCase().startsWith('de') ? 'de-DE' : 'en-IE';
    await use(
      new Terminal(page, {
        mode,
        server: loyaltyServer,
        locale: terminalLocale,
        cashier,
        pin: await pins.get(managerPin)!,
        url: kitTerminalURL,
        managerPin,
        // A magic card's outcome is the built-in dataset's, on a terminal set up with its series: not
        // on a server of the integrator's own credentials and series, even a simulator.
        magicCardsWork:
          mode === 'training' || (loyaltyServerAccess === undefined && (await loyaltyServer.isSimulator())),
        tillOrigins,
      }),
    );
  },
});
