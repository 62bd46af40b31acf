import { expect, type Locator, type Page } from '@playwright/test';
import type { LoyaltyServer } from '../loyalty-server';

import { typeManagerPin } from '../pages/screen';
import { MANAGER_PIN } from '../seed';
import { shippedTerminal, terminalAddress } from '../served';
import { wordsFor } from '../words';

export { MANAGER_PIN };

/** A cashier signed on at this terminal once (what the sign-on screen keeps), no manager PIN set yet. */
export async function cashierSignedOn(page: Page, cashier = { operatorId: 'c7', name: 'Casey' }) {
  await page.addInitScript((c) => {
    if (!localStorage.getItem('loyalty-terminal.cashier')) {
      localStorage.setItem('loyalty-terminal.cashier', JSON.stringify({ state: { cashier: c }, version: 1 }));
    }
  }, cashier);
}

/**
 * The manager's PIN where a manager's screen or action asks for it: set on first use, entered after
 * that. A manager's screen unlocks the manager for a while; a PIN asked for one action (a cash-out,
 * a till's refund above the manager's amount) approves that action only, and the step ends when its
 * question is gone. `pin`: the one the terminal was set up with (the `managerPin` option, when the
 * `terminal` fixture set the page up); the kit's default otherwise.
 */
export async function managerUnlocks(page: Page, pin = MANAGER_PIN) {
  await typeManagerPin({ page, words: wordsFor('en'), managerPin: pin });
}

/**
 * Opens the terminal fresh (new browser context: no settings, training mode) on the card lookup.
 * `at`: where it is served (a path is taken from the config's `baseURL`); by default the
 * `terminalURL` option, else the config's `baseURL`, else (no `baseURL`) the terminal the kit ships,
 * where its test serves it (`terminal.url`).
 */
export async function openTerminal(page: Page, at?: string): Promise<void> {
  await cashierSignedOn(page);
  await gotoTerminal(page, 'openTerminal', at);
  await goTo(page, 'Card lookup');
  await expect(page.getByRole('textbox', { name: 'Card number' })).toBeVisible();
}

/** To the terminal's page: `at`, or where the kit serves it; a missing address said in words. */
export async function gotoTerminal(page: Page, step: string, at?: string): Promise<void> {
  const address = terminalAddress(at);
  try {
    await page.goto(address);
  } catch (error) {
    const noBaseURL = address.startsWith('/') && /invalid URL/i.test((error as Error).message);
    // No baseURL in the config: the terminal the kit ships, where its test serves it.
    const shipped = shippedTerminal();
    if (noBaseURL && shipped && at === undefined) return void (await page.goto(shipped));
    if (noBaseURL)
      throw new Error(
        `${step}: it does not know where the terminal is served: use the kit's test (its fixtures serve the ` +
          `terminal), pass the address (${step}(page, …, terminal.url)), or set baseURL in the config.`,
        { cause: error },
      );
    throw error;
  }
}

/** A barcode scanner: keystrokes and Enter, with no field tapped first. */
export async function scan(page: Page, number: string) {
  await page.getByRole('heading', { name: 'Look up a card' }).click();
  await expect(page.getByRole('textbox', { name: 'Card number' })).not.toBeFocused();
  await page.keyboard.type(number, { delay: 5 });
  await page.keyboard.press('Enter');
}

/**
 * A hardware scanner typing into whatever has focus: keys a few milliseconds apart by the device's
 * own clock (the timestamps a keyboard wedge's events carry), then Enter. Playwright's own typing
 * is paced by the page, so the scanner's timing is given to Chromium directly.
 */
export async function scanIntoFocus(page: Page, text: string, gapMs = 4) {
  const cdp = await page.context().newCDPSession(page);
  let at = Date.now() / 1000;
  const key = async (k: string, text: string, code: string, vk: number) => {
    await cdp.send('Input.dispatchKeyEvent', {
      type: 'keyDown',
      key: k,
      text,
      code,
      windowsVirtualKeyCode: vk,
      timestamp: at,
    });
    await cdp.send('Input.dispatchKeyEvent', { type: 'keyUp', key: k, code, windowsVirtualKeyCode: vk, timestamp: at });
    at += gapMs / 1000;
  };
  for (const ch of text)
    await key(ch, ch, /\d/.test(ch) ? `Digit${ch}` : `Key${ch.toUpperCase()}`, ch.toUpperCase().charCodeAt(0));
  await key('Enter', '\r', 'Enter', 13);
  await cdp.detach();
}

/** A cashier keying the number into the field. */
export async function keyNumber(page: Page, number: string) {
  await page.getByRole('textbox', { name: 'Card number' }).fill(number);
  await page.getByRole('button', { name: 'Look up', exact: true }).click();
}

/** The looked-up card's amount by its name: "Available" (or the German "Verfügbar"). */
export const availableAmount = (within: Page | Locator): Locator => within.getByLabel(/^(Available|Verfügbar)$/);

/** The looked-up card: the region (named by its heading) that shows an available amount. */
export function instrumentPanel(page: Page): Locator {
  return page.getByRole('region').filter({ has: availableAmount(page) });
}

export async function expectAvailable(page: Page, text: string) {
  await expect(availableAmount(instrumentPanel(page))).toHaveText(text);
}

/** Opens a screen from the tab bar; a manager's screen is unlocked with `pin` (see `managerUnlocks`). */
export async function goTo(
  page: Page,
  screen: 'Sale' | 'Returns' | 'Issue' | 'Card lookup' | 'Journal' | 'Training' | 'Settings',
  pin = MANAGER_PIN,
) {
  await page.getByRole('navigation').getByRole('button', { name: screen, exact: true }).click();
  if (screen === 'Settings' || screen === 'Journal') await managerUnlocks(page, pin);
}

/** The manager configures the terminal for the standalone simulator (its demo access) through the settings screen. */
export async function configureLiveServer(
  page: Page,
  server: LoyaltyServer,
  overrides: { baseUrl?: string; token?: string } = {},
) {
  // Typed into the form, a store's token would show in the test's report: that server's terminal is
  // set up by the kit's `terminal` fixture (loyaltyServerAccess), which types nothing.
  if (server.token !== 'demo-token' && overrides.token === undefined)
    throw new Error(
      "configureLiveServer: it types the simulator's demo access into Settings; this server has access of its own " +
        '(loyaltyServerAccess). Use the kit’s terminal fixture, which sets the terminal up with it without typing the token.',
    );
  await goTo(page, 'Settings');
  await page.getByLabel('Server address (base URL)').fill(overrides.baseUrl ?? server.url);
  await page.getByLabel('Loyalty group').fill('demo');
  await page.getByLabel('Access token').fill(overrides.token ?? 'demo-token');
  await page.getByLabel('Merchant id').fill('M1');
  await page.getByLabel('Store id').fill('12');
  await page.getByLabel('Workstation id').fill('3');
  await page.getByLabel('Currency (ISO code)').fill('EUR');
  const rows = [
    ['7001', 'Gift card', 'GC1', false],
    ['7101', 'Loyalty card', 'LC1', false],
    ['7201', 'Store credit', 'SC1', true],
  ] as const;
  for (let i = 0; i < rows.length; i += 1) {
    const [prefix, kind, series, live] = rows[i]!;
    if (i > 0) await page.getByRole('button', { name: 'Add series' }).click();
    const row = page.getByRole('group', { name: `Series ${i + 1}` });
    await row.getByLabel('Prefix').fill(prefix);
    await row.getByLabel('Kind').selectOption({ label: kind });
    await row.getByLabel('Series number').fill(series);
    if (live) await row.getByLabel('Issued by series (live-printed)').check();
  }
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Settings saved.' })).toBeVisible();
}

/** Issue → Sell a gift card: the card scanned, the amount keyed, "Issue gift card" pressed. */
export async function sellGiftCard(page: Page, number: string, amount: string) {
  await goTo(page, 'Issue');
  await page.getByRole('button', { name: 'Sell a gift card' }).click();
  await page.getByRole('heading', { level: 3 }).click();
  await page.keyboard.type(number);
  await page.keyboard.press('Enter');
  await page.getByLabel('Amount (EUR)').fill(amount);
  await page.getByRole('button', { name: 'Issue gift card' }).click();
}

/** An item of the header's menu (camera, customer display, language, sign off): the menu opened, then the item. */
export function menuItem(page: Page, name: string) {
  return {
    async click() {
      const menu = page.getByRole('banner').getByRole('button', { name: /Menu/ });
      if ((await menu.getAttribute('aria-expanded')) !== 'true') await menu.click();
      await page.getByRole('banner').getByRole('button', { name, exact: true }).click();
    },
  };
}

/** Every button, field and link on screen smaller than 44 CSS px (a checkbox may be narrower), named with its size. */
export function smallTargets(page: Page): Promise<string[]> {
  return page.locator('button, input, select, a').evaluateAll((els) =>
    els
      .filter((el) => !el.closest('.visually-hidden, [hidden]'))
      .map((el) => ({
        name: el.getAttribute('aria-label') ?? el.textContent ?? el.id,
        box: el.getBoundingClientRect(),
        type: (el as HTMLInputElement).type,
      }))
      .filter(({ box, type }) => box.width > 0 && (box.height < 44 || (type !== 'checkbox' && box.width < 44)))
      .map(({ name, box }) => `${name}: ${Math.round(box.width)}x${Math.round(box.height)}`),
  );
}
