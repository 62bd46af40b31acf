import { expect, type Page } from '@playwright/test';
import type { LoyaltyServer } from '@loyalty-terminal/playwright';
import { liveSettingsSeeded } from '@loyalty-terminal/playwright/steps';

/**
 * The demo till on its own origin (another port: the same site, as till.shop.example and
 * pay.shop.example would be; a till on another site gets the terminal's storage only where the
 * browser allows third-party storage). playwright.config.ts serves it, and lets it frame the terminal.
 */
export const TILL = `http://127.0.0.1:${process.env.E2E_TILL_PORT ?? 4174}`;
export const TERMINAL = `http://127.0.0.1:${process.env.E2E_TERMINAL_PORT ?? 4173}/`;

/** The demo till, its terminal set up for the simulator, the till allowed (or not) in the terminal's settings. */
export async function openTill(page: Page, server: LoyaltyServer, { allowed = [TILL] }: { allowed?: string[] } = {}) {
  await liveSettingsSeeded(page, server, allowed);
  await page.goto(`${TILL}/till-demo.html?terminal=${encodeURIComponent(TERMINAL)}`);
  await expect(page.getByRole('heading', { name: 'Demo till' })).toBeVisible();
}

export const terminalIn = (page: Page) => page.getByTitle('Loyalty terminal').contentFrame();

/** The terminal's frame as a Frame (to reload it, or to post from it). */
export const terminalFrame = (page: Page) => {
  const frame = page.frames().find((f) => f.url().startsWith(TERMINAL));
  if (!frame) throw new Error('no terminal frame');
  return frame;
};

export async function payAtTill(page: Page, reference: string) {
  await page.getByLabel('Reference').fill(reference);
  await page.getByRole('button', { name: 'Pay with gift/loyalty card' }).click();
  await expect(terminalIn(page).getByText(`From the till · reference ${reference}`)).toBeVisible();
}

export const tillStatus = (page: Page) => page.getByRole('main').getByRole('status');
export const receipt = (page: Page) => page.getByRole('region', { name: 'Receipt' });
