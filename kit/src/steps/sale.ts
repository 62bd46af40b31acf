import { expect, type FrameLocator, type Page } from '@playwright/test';
import type { LoyaltyServer } from '../loyalty-server';
import { seedTerminal } from '../seed';
import { MANAGER_PIN } from './terminal';

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
  workstationId = 3,
) {
  await seedTerminal(page, {
    mode: 'live',
    server,
    locale: 'en-IE',
    cashier: { operatorId: 'c7', name: 'Casey' },
    pin: null,
    workstationId,
    tillOrigins,
  });
}

/** Opens the terminal already configured for the server (what a manager set up once). `at`: where it is served. */
export async function openLiveTerminal(page: Page, server: LoyaltyServer, at = '/', workstationId = 3) {
  await liveSettingsSeeded(page, server, [], workstationId);
  await page.goto(at);
  await expect(page.getByText(`Live: ${new URL(server.url).host}`)).toBeVisible();
}

export async function startSale(page: Page, due: string) {
  await page.getByLabel(/Amount due/).fill(due);
  await page.getByRole('button', { name: 'Start sale' }).click();
  await expect(page.getByRole('heading', { name: 'Sale', exact: true })).toBeVisible();
}

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

export async function completeSale(page: Page) {
  await page.getByRole('button', { name: 'Complete sale' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Sale completed' })).toBeVisible();
}

export async function voidSale(page: Page) {
  await page.getByRole('button', { name: 'Void sale' }).click();
  await page.getByRole('button', { name: 'Yes, void the sale' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Sale voided' })).toBeVisible();
}

/** The tender lines of the open sale (the list under "Tenders"). */
export const tenderLines = (page: Within) => page.getByRole('region', { name: 'Tenders' }).getByRole('listitem');

export function line(page: Within, name: RegExp | string) {
  return tenderLines(page).filter({ hasText: name });
}

export async function expectRemaining(page: Page, text: string) {
  await expect(page.getByLabel('Still due', { exact: true })).toHaveText(text);
}

export const net = (s: { instruments: { number: string; amountNet: number }[] }, number: string) =>
  s.instruments.find((i) => i.number === number)?.amountNet;

/** The manager's PIN the kit uses (the helpers type it where a manager's screen asks). */
export { MANAGER_PIN };
