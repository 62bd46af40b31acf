import { expect, test } from './support/project';
import {
  goTo,
  line,
  menuItem,
  openLiveTerminal,
  resetSimulator,
  startSale,
  tender,
} from '@loyalty-terminal/playwright/steps';

test('a screen whose code is gone from the web server (a new version deployed meanwhile) says so, and the rest of the terminal runs on', async ({
  page,
  loyaltyServer,
}) => {
  await resetSimulator(loyaltyServer);
  // The lookup's file of the version this window runs: deleted by a deploy.
  await page.route(/\/assets\/LookupScreen-[^/]+\.js$/, (route) => route.fulfill({ status: 404, body: '' }));
  await openLiveTerminal(page, loyaltyServer);
  await goTo(page, 'Card lookup');
  await expect(page.getByRole('alert')).toContainText(
    'This screen could not be loaded: the terminal has a new version, or the network is down.',
  );
  // Trying again in this window fails the same way: only the reload is offered.
  await expect(page.getByRole('button', { name: 'Try again' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Reload the terminal' })).toBeVisible();
  // Another screen opens as before: the sale goes on.
  await goTo(page, 'Sale');
  await startSale(page, '5');
  await expect(page.getByRole('alert')).toHaveCount(0);
});

test('a piece beside the screens whose code is gone (the camera scanner) says so, and the open sale stays on screen', async ({
  page,
  loyaltyServer,
}) => {
  await resetSimulator(loyaltyServer);
  await page.route(/\/assets\/CameraScanner-[^/]+\.js$/, (route) => route.fulfill({ status: 404, body: '' }));
  await openLiveTerminal(page, loyaltyServer);
  await startSale(page, '5');
  await menuItem(page, 'Scan with camera').click();
  await expect(page.getByRole('alert')).toContainText(
    'Part of the terminal could not load (a new version, or no network). Reload; payments under way are kept.',
  );
  await expect(page.getByRole('button', { name: 'Reload the terminal' })).toBeVisible();
  // The sale is still there and takes a card.
  await expect(page.getByRole('heading', { name: 'Pay with a card' })).toBeVisible();
  await tender(page, '700100000001');
  await expect(line(page, 'Gift card •••• 0001')).toContainText('On hold');
});
