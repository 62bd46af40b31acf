import { expect, type APIRequestContext, type FrameLocator, type Page } from '@playwright/test';

/** Where the terminal is on the page: the page itself, or the frame a till embeds it in. */
export type Within = Page | FrameLocator;
import { liveSettings, SETTINGS_KEY } from './seeds';
import { API, cashierSignedOn, SIMULATOR } from './terminal';

/** What a manager set up once: the standalone simulator, its series, and the tills allowed to hand payments over. */
export async function liveSettingsSeeded(
  page: Page,
  baseUrl = SIMULATOR,
  tillOrigins: string[] = [],
  workstationId = 3,
) {
  const settings = liveSettings(baseUrl, tillOrigins, workstationId);
  // Runs in every frame: a terminal embedded by a till on another site has its own (partitioned) storage.
  await page.addInitScript(
    ([key, s]) => {
      if (!localStorage.getItem(key)) localStorage.setItem(key, s);
    },
    [SETTINGS_KEY, JSON.stringify(settings)] as const,
  );
  await cashierSignedOn(page);
}

/** Opens the terminal already configured for the standalone simulator (what a manager set up once). */
/** `at`: where the terminal is served (a browser connected by hand has no base URL). */
export async function openLiveTerminal(page: Page, baseUrl = SIMULATOR, at = '/', workstationId = 3) {
  await liveSettingsSeeded(page, baseUrl, [], workstationId);
  await page.goto(at);
  await expect(page.getByText(`Live: ${new URL(baseUrl).host}`)).toBeVisible();
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

export async function setFaults(request: APIRequestContext, body: unknown, simulator = SIMULATOR) {
  expect((await request.post(`${simulator}/_simulator/faults`, { data: body })).ok()).toBe(true);
}

/** Spends from a card behind the terminal's back (another till). */
export async function spendElsewhere(request: APIRequestContext, number: string, amount: number) {
  const hold = await request.post(`${API}/giftcards/${number}/_pay`, {
    headers: { Authorization: 'Bearer demo-token' },
    data: { amount, workstationData: { transactionId: '9a1b7e44-0000-4000-8000-00000000beef', reason: 'Other till' } },
  });
  expect(hold.status()).toBe(201);
}

interface SimState {
  instruments: { number: string; amountNet: number; amountAuthorized: number }[];
  authorizations: { authCode: string; instrumentId: string; amount: number; status: string; transactionId: string }[];
  loyaltyPayments: {
    loyaltyCardId: string;
    approvedAmount: number;
    result: string;
    voided: boolean;
    transactionId: string;
  }[];
}

export async function state(request: APIRequestContext, simulator = SIMULATOR): Promise<SimState> {
  return (await request.get(`${simulator}/_simulator/state`)).json();
}

export const net = (s: SimState, number: string) => s.instruments.find((i) => i.number === number)?.amountNet;
