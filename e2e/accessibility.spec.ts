import { expect, expectAccessible, test } from './support/project';
import {
  availableAmount,
  configureLiveServer,
  goTo,
  keyNumber,
  managerUnlocks,
  openTerminal,
  resetSimulator,
  scan,
  menuItem,
  smallTargets,
} from '@loyalty-terminal/playwright/steps';

test('every screen passes axe (WCAG 2.2 AA), in training and live mode', async ({ page, loyaltyServer }) => {
  test.setTimeout(60_000); // a dozen screens, each analysed by axe: slow by nature, not by waiting
  await resetSimulator(loyaltyServer);
  await openTerminal(page);
  await expectAccessible(page);
  await scan(page, '700100000001');
  await expect(availableAmount(page)).toBeVisible();
  await expectAccessible(page);
  await keyNumber(page, '700100000006');
  await expect(page.getByText('Status: Expired')).toBeVisible();
  await expectAccessible(page);
  await scan(page, '99990001');
  await expect(page.getByRole('group', { name: /Which kind of card/ })).toBeVisible();
  await expectAccessible(page);
  await keyNumber(page, '12');
  await expectAccessible(page);
  await goTo(page, 'Training');
  await expectAccessible(page);
  await goTo(page, 'Issue');
  await expectAccessible(page);
  await goTo(page, 'Journal');
  await expectAccessible(page);
  await goTo(page, 'Sale');
  await expectAccessible(page);
  await goTo(page, 'Settings');
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByText('Fix the marked fields.')).toBeVisible();
  await expectAccessible(page);
  await configureLiveServer(page, loyaltyServer);
  await page.getByRole('button', { name: 'Use this server' }).click();
  await expectAccessible(page);
  await goTo(page, 'Card lookup');
  await keyNumber(page, '700100000099');
  await expect(page.getByRole('alert')).toBeVisible();
  await expectAccessible(page);
});

test('touch targets are at least 44 CSS px', async ({ page }) => {
  await openTerminal(page);
  await scan(page, '700100000001');
  for (const screen of ['Sale', 'Issue', 'Card lookup', 'Journal', 'Training', 'Settings'] as const) {
    await goTo(page, screen);
    const small = await smallTargets(page);
    expect(small, screen).toEqual([]);
  }
});

test('a sale-free lookup can be done by keyboard alone', async ({ page }) => {
  await openTerminal(page);
  await page.keyboard.type('710100000001');
  await page.keyboard.press('Enter');
  await expect(availableAmount(page)).toHaveText('€120.00');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Read again' })).toBeFocused();
});

test('the sign-on and manager PIN screens pass axe and have touch-sized targets', async ({ page }) => {
  await openTerminal(page);
  await menuItem(page, 'Sign off').click();
  await page.getByRole('button', { name: 'Sign off without it' }).click();
  await expect(page.getByRole('heading', { name: 'Sign on' })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('navigation').getByRole('button', { name: 'Settings', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Set a manager PIN' })).toBeVisible();
  await expectAccessible(page);
  const small = await page
    .locator('main button, main input')
    .evaluateAll(
      (els) => els.map((el) => el.getBoundingClientRect()).filter((b) => b.height < 44 || b.width < 44).length,
    );
  expect(small).toBe(0);
  await managerUnlocks(page);
  await page.getByRole('button', { name: 'Lock manager' }).click();
  await expect(page.getByRole('heading', { name: 'Manager PIN needed' })).toBeVisible();
  await expectAccessible(page);
});
