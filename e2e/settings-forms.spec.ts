import { type Page } from '@playwright/test';
import { expect, test } from './support/project';
import { goTo, managerUnlocks, openTerminal } from '@loyalty-terminal/playwright/steps';

/** What the terminal keeps in this browser under a store's name (the settings as saved). */
const stored = (page: Page, key: string) => page.evaluate((k) => localStorage.getItem(k), key);

test.beforeEach(async ({ page }) => {
  await openTerminal(page);
  await goTo(page, 'Settings');
  await managerUnlocks(page);
});

test('the guessing limit refuses what is not a whole number in its range, in words beside the field, and saves nothing', async ({
  page,
}) => {
  const limit = page.getByLabel('Unknown numbers that pause lookups');
  const save = page.getByRole('button', { name: 'Save the limit' });
  const before = await stored(page, 'loyalty-terminal.lookup-guard');
  for (const typed of ['0', 'abc', '1000', '-3', '2.5']) {
    await limit.fill(typed);
    await save.click();
    await expect(page.getByText('Enter a whole number from 1 to 100.')).toBeVisible();
    await expect(limit).toHaveAttribute('aria-invalid', 'true');
    await expect(limit).toHaveAccessibleDescription('Enter a whole number from 1 to 100.');
    await expect(page.getByText('Limit saved.')).toBeHidden();
  }
  await page.getByLabel('Then pause lookups for (minutes)').fill('2000');
  await save.click();
  await expect(page.getByText('Enter a whole number from 1 to 1440.')).toBeVisible();
  expect(await stored(page, 'loyalty-terminal.lookup-guard')).toBe(before);

  await limit.fill('3');
  await page.getByLabel('Then pause lookups for (minutes)').fill('15');
  await save.click();
  await expect(page.getByText('Limit saved.')).toBeVisible();
  await expect(page.getByText('Enter a whole number from 1 to 100.')).toBeHidden();
  const rule = JSON.parse((await stored(page, 'loyalty-terminal.lookup-guard')) ?? '{}').state.rule;
  expect(rule).toEqual({ limit: 3, windowMs: 5 * 60_000, pauseMs: 15 * 60_000 });
  // Changed again: "saved" is no longer true.
  await limit.fill('4');
  await expect(page.getByText('Limit saved.')).toBeHidden();
});

test('cash-out, return rules and allowed tills refuse in words beside their fields', async ({ page }) => {
  const threshold = page.getByLabel('Balances under (EUR)');
  await threshold.fill('abc');
  await page.getByRole('button', { name: 'Save cash-out' }).click();
  await expect(threshold).toHaveAccessibleDescription('Enter an amount like 12.50.');
  await threshold.fill('0');
  await page.getByRole('button', { name: 'Save cash-out' }).click();
  await expect(threshold).toHaveAccessibleDescription('The amount must be more than zero.');
  await threshold.fill('12.50');
  await page.getByRole('button', { name: 'Save cash-out' }).click();
  await expect(page.getByText('Cash-out saved.')).toBeVisible();

  const above = page.getByLabel('A return above this asks for the manager’s PIN (EUR)');
  await above.fill('-5');
  await page.getByRole('button', { name: 'Save return rules' }).click();
  await expect(above).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('Return rules saved.')).toBeHidden();
  // For every return: the amount is not asked, so it cannot be wrong.
  await page.getByLabel('The manager’s PIN is asked for').selectOption('every');
  await page.getByRole('button', { name: 'Save return rules' }).click();
  await expect(page.getByText('Return rules saved.')).toBeVisible();

  const tills = page.getByLabel('Tills allowed to hand over payments (one origin per line)');
  await tills.fill('https://till.example.com\nftp://old-till');
  await page.getByRole('button', { name: 'Save allowed tills' }).click();
  await expect(page.getByText(/^Line 2 is not an origin: ftp:\/\/old-till\./)).toBeVisible();
  await expect(page.getByText('Allowed tills saved.')).toBeHidden();
  await tills.fill('https://till.example.com\nhttps://till.example.com/');
  await page.getByRole('button', { name: 'Save allowed tills' }).click();
  await expect(page.getByText('Allowed tills saved.')).toBeVisible();
  await expect(tills).toHaveValue('https://till.example.com');
});
