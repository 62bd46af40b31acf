import { expect, test } from './support/project';
import { openLiveTerminal, cashierSignedOn, expectAvailable, resetSimulator } from '@loyalty-terminal/playwright/steps';

test('training: the terminal paints and takes a scan before the training server has started; the scan is kept and answered', async ({
  page,
}) => {
  await cashierSignedOn(page);
  // The simulator's chunk is held back, as on a slow network, until the test lets it go.
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  let asked = false;
  await page.route(/\/assets\/runtime-[^/]+\.js$/, async (route) => {
    asked = true;
    await held;
    await route.continue();
  });
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'New sale' })).toBeVisible();
  await expect(page.getByText('TRAINING — simulated server, no real money')).toBeVisible();
  expect(asked).toBe(true);
  // A card scanned on the lookup screen while the simulator is still on its way.
  await page.getByRole('navigation').getByRole('button', { name: 'Card lookup', exact: true }).click();
  await page.getByRole('heading', { name: 'Look up a card' }).click();
  await page.keyboard.type('700100000001', { delay: 5 });
  await page.keyboard.press('Enter');
  await expect(page.getByRole('textbox', { name: 'Card number' })).toHaveValue('700100000001');
  release();
  await expectAvailable(page, '€50.00');
});

test('a card scanned straight after the amount due, while the money path is still on its way, is the sale’s first payment', async ({
  page,
  loyaltyServer,
}) => {
  await resetSimulator(loyaltyServer);
  // The money path's chunk held back until the card has been scanned.
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/money-path-[^/]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await openLiveTerminal(page, loyaltyServer);
  await page.keyboard.type('12.5');
  await page.keyboard.press('Enter');
  await page.keyboard.type('700100000007');
  await page.keyboard.press('Enter');
  release();
  await expect(page.getByLabel('Amount to take from this card')).toBeFocused();
  await expect(page.getByText(/was read\. Key the amount due first/)).toHaveCount(0);
});

test('training: the open sale stays on screen when the training server arrives after it was started', async ({
  page,
}) => {
  await cashierSignedOn(page);
  // Every heading the screen shows, in order: a sale that flickers back to "New sale" would be seen.
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { headings: string[] }).headings = seen;
    new MutationObserver(() => {
      const heading = document.querySelector('main h2')?.textContent ?? '';
      if (heading && seen.at(-1) !== heading) seen.push(heading);
    }).observe(document, { subtree: true, childList: true, characterData: true });
  });
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  let simulatorLoaded = false;
  await page.route(/\/assets\/runtime-[^/]+\.js$/, async (route) => {
    await held;
    await route.continue();
    simulatorLoaded = true;
  });
  await page.goto('/');
  await page.getByLabel('Amount due (EUR)').fill('12.50');
  await page.getByRole('button', { name: 'Start sale' }).click();
  await expect(page.getByRole('heading', { name: 'Sale', exact: true })).toBeVisible();
  release();
  await expect.poll(() => simulatorLoaded).toBe(true);
  // The simulator answers: a card looked up on the open sale is its first payment.
  await page.getByLabel('Card number').fill('700100000001');
  await page.getByLabel('Card number').press('Enter');
  await expect(page.getByLabel('Amount to take from this card')).toHaveValue('12.50');
  const headings = await page.evaluate(() => (window as unknown as { headings: string[] }).headings);
  expect(headings.slice(headings.indexOf('New sale'))).toEqual(['New sale', 'Sale']);
});
