import type { Page } from '@playwright/test';
import { hashPin } from '../../src/lib/manager/pin';
import type { LoyaltyServer } from './loyalty-server';
import { minorUnits } from './amounts';

/** The manager's PIN the kit sets up unless told otherwise (test.use({ managerPin })). */
export const MANAGER_PIN = '2468';

/** The cashier the kit signs on unless told otherwise. */
export const CASEY: Cashier = { operatorId: 'c7', name: 'Casey' };

/** The cashier signed on at the terminal, as the sign-on screen keeps it. */
export interface Cashier {
  operatorId: string;
  name: string;
}

/** What a manager set up once, before the test: the server (or training), the language, the cashier, the PIN. */
export interface TerminalSetup {
  mode: 'live' | 'training';
  /** The server a live terminal is set up for. */
  server?: LoyaltyServer | undefined;
  locale: string;
  cashier: Cashier | null;
  /** The manager's PIN as the terminal keeps it: a salted hash (the kit hashes `managerPin` once per worker). */
  pin: Awaited<ReturnType<typeof hashPin>> | null;
  /** The workstation's id the terminal sends; unset: the server's (`loyaltyServerAccess.workstationId`, the demo's 3). */
  workstationId?: number | undefined;
  /** Tills (origins) allowed to hand payments over (docs/till-integration.md). */
  tillOrigins?: string[];
}

/** The PIN, hashed as the terminal hashes it (PBKDF2, slow on purpose: once per worker). */
export const hashedPin = (pin: string) => hashPin(pin);

/**
 * What the terminal keeps in localStorage once a manager set it up like this: plain data (keys and
 * JSON), so a driver other than Playwright (the Firefox and WebKit smoke suite) seeds the very
 * terminal the kit does.
 */
export function terminalRecords(setup: TerminalSetup): Record<string, string> {
  const entries: Record<string, string> = {};
  const { server } = setup;
  const settings =
    setup.mode === 'live' && server
      ? {
          mode: 'live',
          locale: setup.locale,
          tillOrigins: setup.tillOrigins ?? [],
          server: {
            baseUrl: server.url,
            loyaltyGroup: server.loyaltyGroup,
            token: server.token,
            merchantId: server.merchantId,
            // The demo's 12 and 3, or what loyaltyServerAccess gives (left out when it gives none).
            storeId: server.storeId,
            workstationId: setup.workstationId ?? server.workstationId,
            operatorId: setup.cashier?.operatorId ?? 'kit',
            currency: server.currency,
            timeoutSeconds: 3,
            series: server.seriesForTerminal().map((s) => ({
              prefix: s.prefix,
              kind: s.kind,
              seriesNumber: s.seriesNumber,
              livePrinted: s.livePrinted,
              ...(s.fixedAmount && {
                fixedAmount: minorUnits(s.fixedAmount, server.currency, 'series'),
              }),
            })),
          },
        }
      : { mode: 'training', locale: setup.locale, tillOrigins: setup.tillOrigins ?? [] };
  entries['loyalty-terminal.settings'] = JSON.stringify({ state: settings, version: 2 });
  if (setup.cashier)
    entries['loyalty-terminal.cashier'] = JSON.stringify({ state: { cashier: setup.cashier }, version: 1 });
  if (setup.pin)
    entries['loyalty-terminal.manager'] = JSON.stringify({
      state: { pin: setup.pin, attempts: { failures: 0, lockedUntil: 0 } },
      version: 1,
    });
  return entries;
}

/**
 * Writes the setup into the page's storage before the terminal starts, in every frame (a terminal
 * framed by a till has its own storage) and only where nothing is kept yet: a reload keeps what the
 * terminal wrote since.
 */
export async function seedTerminal(page: Page, setup: TerminalSetup): Promise<void> {
  await page.addInitScript((kept: Record<string, string>) => {
    for (const [key, value] of Object.entries(kept))
      if (localStorage.getItem(key) === null) localStorage.setItem(key, value);
  }, terminalRecords(setup));
}
