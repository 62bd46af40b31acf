// A box of 200 gift cards activated at the card desk against the standalone simulator: the time
// from "Activate the cards" to "Box activated" (goal: under 60 s on this machine). Figures only.
import type { Browser } from '@playwright/test';
import { cashierSignedOn } from './bench-journal';

export async function boxTimes(browser: Browser, settings: string) {
  const context = await browser.newContext();
  await context.addInitScript(cashierSignedOn);
  await context.addInitScript((s) => localStorage.setItem('loyalty-terminal.settings', s), settings);
  const page = await context.newPage();
  try {
    await page.goto('http://127.0.0.1:4273/');
    await page.getByRole('navigation').getByRole('button', { name: 'Issue' }).click();
    await page.getByRole('button', { name: 'Activate a box of cards' }).click();
    await page.getByLabel('New manager PIN').fill('2468');
    await page.getByLabel('Repeat the PIN').fill('2468');
    await page.getByRole('button', { name: 'Set PIN' }).click();
    await page.getByLabel('First card number').fill('700100001001');
    await page.getByLabel('Or how many cards').fill('200');
    await page.getByLabel('Amount (EUR)').fill('25');
    const started = performance.now();
    await page.getByRole('button', { name: 'Activate the cards' }).click();
    await page.getByText('Box activated').waitFor({ timeout: 180_000 });
    const seconds = (performance.now() - started) / 1000;
    const issued = await page.getByLabel('Cards issued', { exact: true }).textContent();
    console.log(
      `box of cards: ${issued ?? '?'} of 200 gift cards activated in ${seconds.toFixed(1)} s ` +
        `(${(200 / seconds).toFixed(1)} cards/s; each checked, recorded, sent and answered; goal < 60 s)`,
    );
  } finally {
    await context.close();
  }
}
