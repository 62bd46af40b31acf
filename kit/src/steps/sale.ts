import { expect, type FrameLocator, type Locator, type Page } from '@playwright/test';
import type { LoyaltyServer } from '../loyalty-server';
import { CASEY, seedTerminal } from '../seed';
import type { Amount } from '../amounts';
import { CashierPage } from '../pages/cashier';
import { wordsFor } from '../words';
import { gotoTerminal, MANAGER_PIN } from './terminal';

/** The cashier's page object on a page already open (the steps are the page objects' words, in English). */
const cashier = (page: Page) =>
  new CashierPage({
    page,
    words: wordsFor('en-IE'),
    open: async () => undefined,
    magicCardsWork: true,
    managerPin: MANAGER_PIN,
  });

/** Where the terminal is on the page: the page itself, or the frame a till embeds it in. */
export type Within = Page | FrameLocator;

/**
 * What a manager set up once: the live server (the kit's), its series, the tills allowed to hand
 * payments over; a cashier signed on. The manager's PIN is not set: the first manager's screen sets it.
 */
export async function liveSettingsSeeded(
  page: Page,
  server: LoyaltyServer,
  tillOrigins: string[] = [],
  /** Unset: the server's (the demo's 3, or its `loyaltyServerAccess.workstationId`). */
  workstationId?: number,
) {
  await seedTerminal(page, {
    mode: 'live',
    server,
    locale: 'en-IE',
    cashier: CASEY,
    pin: null,
    workstationId,
    tillOrigins,
  });
}

/**
 * Opens the terminal already configured for the server (what a manager set up once). `at`: where it
 * is served (a path is taken from the config's `baseURL`); by default the `terminalURL` option, else
 * the config's `baseURL`, else (no `baseURL`) the terminal the kit ships, where its test serves it
 * (`terminal.url`).
 */
export async function openLiveTerminal(
  page: Page,
  server: LoyaltyServer,
  at?: string,
  workstationId?: number,
): Promise<void> {
  await liveSettingsSeeded(page, server, [], workstationId);
  await gotoTerminal(page, 'openLiveTerminal', at);
  await expect(page.getByText(`Live: ${new URL(server.url).host}`)).toBeVisible();
}

/** Keys the amount due and starts the sale (the cashier's page object, in English). */
export const startSale = (page: Page, due: string) => cashier(page).startSale(due as Amount);

/** Scans a card on the sale screen and takes `amount` (or the amount offered). */
export async function tender(page: Page, number: string, amount?: string, within: Within = page) {
  await within.getByRole('heading', { name: 'Pay with a card' }).click();
  await page.keyboard.type(number);
  await page.keyboard.press('Enter');
  const field = within.getByLabel('Amount to take from this card');
  await expect(field).toBeVisible();
  if (amount !== undefined) await field.fill(amount);
  await within.getByRole('button', { name: /^Take / }).click();
}

export async function tenderExternal(page: Page, amount?: string) {
  await page.getByText('Other payment (cash, bank card)').click();
  if (amount !== undefined) await page.getByLabel('Amount paid another way').fill(amount);
  await page.getByRole('button', { name: /^Record / }).click();
}

/** Completes the sale: resolves once the receipt says so (or that it waits for the server). */
export const completeSale = (page: Page) => cashier(page).completeSale();

/** Voids the sale: holds released, loyalty payments voided. */
export const voidSale = (page: Page) => cashier(page).voidSale();

/** The tender lines of the open sale (the list under "Tenders"). */
export const tenderLines = (page: Within): Locator =>
  page.getByRole('region', { name: 'Tenders' }).getByRole('listitem');

export function line(page: Within, name: RegExp | string): Locator {
  return tenderLines(page).filter({ hasText: name });
}

export async function expectRemaining(page: Page, text: string) {
  await expect(page.getByLabel('Still due', { exact: true })).toHaveText(text);
}

/** The manager's PIN the kit uses (the helpers type it where a manager's screen asks). */
export { MANAGER_PIN };
