import type { Page } from '@playwright/test';
import type { LoyaltyServer } from '@loyalty-terminal/playwright';
import { expect, SIMULATOR, test } from './support/project';
import {
  completeSale,
  configureLiveServer,
  expectAvailable,
  goTo,
  instrumentPanel,
  keyNumber,
  openTerminal,
  resetSimulator,
  scan,
  simulatorState,
  startSale,
  tender,
} from '@loyalty-terminal/playwright/steps';

test.beforeEach(async ({ page, loyaltyServer }) => {
  await resetSimulator(loyaltyServer);
  await openTerminal(page);
});

test('a manager configures the server, checks the connection, and the cashier looks up over HTTP', async ({
  page,
  request,
  loyaltyServer,
}) => {
  await configureLiveServer(page, loyaltyServer);
  await page.getByRole('button', { name: 'Check connection' }).click();
  await expect(page.getByText('Connected: the server accepted the token and knows loyalty group demo.')).toBeVisible();
  await page.getByRole('button', { name: 'Use this server' }).click();
  await expect(page.getByText('TRAINING — simulated server, no real money')).toHaveCount(0);
  await expect(page.getByText(`Live: ${new URL(SIMULATOR).host}`)).toBeVisible();

  // The server's own state changes are what the cashier sees.
  const hold = await request.post(`${SIMULATOR}/loyalty/api/v1/pos/loyaltyGroups/demo/giftcards/700100000001/_pay`, {
    headers: { Authorization: 'Bearer demo-token' },
    data: { amount: 12.5, workstationData: { transactionId: '5f0c3c2e-8a3b-4c1e-9d2a-1b2c3d4e5f60', reason: 'Sale' } },
  });
  expect(hold.status()).toBe(201);
  await goTo(page, 'Card lookup');
  await scan(page, '700100000001');
  await expectAvailable(page, '€37.50');
  await expect(instrumentPanel(page).getByLabel('On hold', { exact: true })).toHaveText('€12.50');
  await keyNumber(page, '710100000002');
  await expectAvailable(page, '€5.00');
  expect((await simulatorState(loyaltyServer)).authorizations).toHaveLength(1);
});

test('the saved token is never shown again in full', async ({ page, loyaltyServer }) => {
  await configureLiveServer(page, loyaltyServer, { token: 'secret-token-1234' });
  await expect(page.getByLabel('Replace access token')).toHaveValue('');
  await expect(page.getByText('Saved token ending in …1234. Leave empty to keep it.')).toBeVisible();
  await expect(page.getByText('secret-token-1234')).toHaveCount(0);
  await page.reload();
  await goTo(page, 'Settings');
  await expect(page.getByLabel('Replace access token')).toHaveValue('');
});

test('check connection names the problem: bad token, unknown group, unreachable server', async ({
  page,
  loyaltyServer,
}) => {
  await configureLiveServer(page, loyaltyServer, { token: 'wrong' });
  await page.getByRole('button', { name: 'Check connection' }).click();
  await expect(page.getByText('The server refused the access token.')).toBeVisible();

  await page.getByLabel('Replace access token').fill('demo-token');
  await page.getByLabel('Loyalty group').fill('nowhere');
  await page.getByRole('button', { name: 'Check connection' }).click();
  await expect(page.getByText('The server does not know loyalty group nowhere.')).toBeVisible();

  await page.getByLabel('Loyalty group').fill('demo');
  await page.getByLabel('Server address (base URL)').fill('http://127.0.0.1:9');
  await page.getByRole('button', { name: 'Check connection' }).click();
  await expect(page.getByText('Cannot reach http://127.0.0.1:9: check the address and the network.')).toBeVisible();
});

test('check connection tells a CORS refusal from an unreachable server', async ({ page, loyaltyServer }) => {
  await configureLiveServer(page, loyaltyServer);
  // To the page a CORS refusal is a rejected fetch, while the server itself answers.
  await page.route('**/loyalty/api/**', (route) => route.abort('failed'));
  await page.route(new RegExp(`^${SIMULATOR.replace(/[.]/g, '\\.')}/?$`), (route) =>
    route.fulfill({ status: 200, body: 'hello' }),
  );
  await page.getByRole('button', { name: 'Check connection' }).click();
  await expect(page.getByText(/does not allow this terminal’s origin \(CORS\)/)).toBeVisible();
});

test('the settings form refuses bad values and saves nothing', async ({ page }) => {
  await goTo(page, 'Settings');
  await page.getByLabel('Server address (base URL)').fill('not a url');
  await page.getByLabel('Currency (ISO code)').fill('EURO');
  await page.getByLabel('Store id').fill('twelve');
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByText('Fix the marked fields.')).toBeVisible();
  await expect(page.getByText('Enter an address starting with http:// or https://.')).toBeVisible();
  await expect(page.getByText('Enter an ISO 4217 currency code, e.g. EUR.')).toBeVisible();
  await expect(page.getByText('Enter a whole number.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Use this server' })).toHaveCount(0);
});

test('a malformed server answer shows an error, not a blank screen', async ({ page, loyaltyServer }) => {
  await configureLiveServer(page, loyaltyServer);
  await page.getByRole('button', { name: 'Use this server' }).click();
  await goTo(page, 'Card lookup');
  for (const [body, contentType] of [
    ['<html><body>502 Proxy error</body></html>', 'text/html'],
    ['', 'application/json'],
    [
      JSON.stringify({
        giftCardId: '700100000001',
        seriesNumber: 'GC1',
        account: { amountNet: '50', amountOriginal: 50, amountFloor: 0, amountAuthorized: 0 },
        customer: null,
        status: 'issued',
      }),
      'application/json',
    ],
  ]) {
    await page.route('**/giftcards/700100000001', (route) =>
      route.fulfill({ status: 200, body, contentType, headers: { 'access-control-allow-origin': '*' } }),
    );
    await keyNumber(page, '700100000001');
    await expect(page.getByRole('alert')).toHaveText(/The Loyalty server sent an answer the terminal cannot read/);
    await expect(instrumentPanel(page)).toHaveCount(0);
    await page.unroute('**/giftcards/700100000001');
    await keyNumber(page, '710100000001');
    await expectAvailable(page, '€120.00');
  }
});

test('switching between training and live never mixes their data', async ({ page, request, loyaltyServer }) => {
  await request.post(`${SIMULATOR}/loyalty/api/v1/pos/loyaltyGroups/demo/giftcards/700100000001/_pay`, {
    headers: { Authorization: 'Bearer demo-token' },
    data: { amount: 20, workstationData: { transactionId: '5f0c3c2e-8a3b-4c1e-9d2a-1b2c3d4e5f60', reason: 'Sale' } },
  });
  await keyNumber(page, '700100000001');
  await expectAvailable(page, '€50.00'); // training: the in-page simulator
  await configureLiveServer(page, loyaltyServer);
  await page.getByRole('button', { name: 'Use this server' }).click();
  await goTo(page, 'Card lookup');
  await keyNumber(page, '700100000001');
  await expectAvailable(page, '€30.00'); // live: the standalone simulator
  await goTo(page, 'Settings');
  await page.getByRole('button', { name: 'Switch to training mode' }).click();
  await goTo(page, 'Card lookup');
  await keyNumber(page, '700100000001');
  await expectAvailable(page, '€50.00');
});

test('bad input is refused in words and asks nothing of the server', async ({ page, loyaltyServer }) => {
  await configureLiveServer(page, loyaltyServer);
  await page.getByRole('button', { name: 'Use this server' }).click();
  await goTo(page, 'Card lookup');
  let requests = 0;
  page.on('request', (r) => {
    if (r.url().includes('/loyalty/api/')) requests += 1;
  });
  await keyNumber(page, '12');
  await expect(page.getByText('That is not a card number: use 4 to 32 letters or digits.')).toBeVisible();
  await keyNumber(page, '');
  await expect(page.getByText('Enter a card number.')).toBeVisible();
  await expect(instrumentPanel(page)).toHaveCount(0);
  expect(requests).toBe(0);
});

/** Set up for the kit's server through Settings, in use, and a sale open with €20.00 on hold. */
async function liveSaleHolding(page: Page, loyaltyServer: LoyaltyServer) {
  await configureLiveServer(page, loyaltyServer);
  await page.getByRole('button', { name: 'Use this server' }).click();
  await startSale(page, '20.00');
  await tender(page, '700100000001', '20.00');
}

test('the currency is not changed under money still being settled; changed, the amounts kept in it are asked for again', async ({
  page,
  loyaltyServer,
}) => {
  await liveSaleHolding(page, loyaltyServer); // €20.00 on hold, the sale open
  await goTo(page, 'Settings');
  await page.getByLabel('Currency (ISO code)').fill('GBP');
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'Money is still being settled with this server' }),
  ).toBeVisible();
  await page.reload();
  await goTo(page, 'Settings');
  await expect(page.getByLabel('Currency (ISO code)')).toHaveValue('EUR'); // nothing saved

  // The sale voided, its hold given back: nothing is left to settle.
  await goTo(page, 'Sale');
  await page.getByRole('button', { name: 'Void sale' }).click();
  await page.getByRole('button', { name: 'Yes, void the sale' }).click();
  await expect
    .poll(async () => (await simulatorState(loyaltyServer)).authorizations.map((a) => a.status))
    .toEqual(['canceled']);
  await page.getByRole('button', { name: 'Next sale' }).click();
  // The voided sale is on the day's report, in euros: the currency waits for the day to close.
  await goTo(page, 'Settings');
  await page.getByLabel('Currency (ISO code)').fill('GBP');
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'The currency cannot change in the middle of a day' }),
  ).toBeVisible();
  await goTo(page, 'Journal');
  const reports = page.getByRole('region', { name: 'X report: the day so far' });
  await reports.getByRole('button', { name: 'Close the day (Z report)' }).click();
  await expect(reports.getByRole('list', { name: 'Days closed' })).toContainText(/Z 1 · closed/);

  await goTo(page, 'Settings');
  await page.getByLabel('Currency (ISO code)').fill('GBP');
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'The currency changed' })).toBeVisible();
  await expect(page.getByLabel('The manager’s PIN is asked for')).toHaveValue('every');
  await expect(page.getByLabel('Offer cash-out')).not.toBeChecked();
});

test('a sale open on the server, even one with nothing paid yet, keeps its currency: the manager is told to finish it first', async ({
  page,
  loyaltyServer,
}) => {
  await configureLiveServer(page, loyaltyServer);
  await page.getByRole('button', { name: 'Use this server' }).click();
  await startSale(page, '50.00'); // €50.00 due: changed to yen, cards would be asked for ¥5,000
  await goTo(page, 'Settings');
  await page.getByLabel('Currency (ISO code)').fill('JPY');
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'A sale is open on this server' })).toBeVisible();
  await page.reload();
  await goTo(page, 'Settings');
  await expect(page.getByLabel('Currency (ISO code)')).toHaveValue('EUR'); // nothing saved
});

test('training waits for the live server’s money; another server waits for the day’s close, another spelling of this one does not', async ({
  page,
  loyaltyServer,
}) => {
  await liveSaleHolding(page, loyaltyServer); // €20.00 on hold, the sale open
  // In training nothing is sent to the live server: the hold would lapse before its commit.
  await goTo(page, 'Training');
  await page.getByRole('button', { name: 'Start training mode' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Training starts once it has settled' })).toBeVisible();
  await goTo(page, 'Settings');
  await page.getByRole('button', { name: 'Switch to training mode' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Training starts once it has settled' })).toBeVisible();
  await expect(
    page.getByRole('heading', { name: 'The terminal is working with the Loyalty server above.' }),
  ).toBeVisible();

  await goTo(page, 'Sale');
  await completeSale(page);
  await expect
    .poll(async () => (await simulatorState(loyaltyServer)).authorizations.map((a) => a.status))
    .toEqual(['committed']);
  await page.getByRole('button', { name: 'Next sale' }).click();

  // The same server's address with a trailing slash: the same server, its day and its token kept.
  await goTo(page, 'Settings');
  const address = page.getByLabel('Server address (base URL)');
  await address.fill(`${await address.inputValue()}/`);
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Settings saved.' })).toBeVisible();
  await goTo(page, 'Journal');
  const xPanel = page.getByRole('region', { name: 'X report: the day so far' });
  await xPanel.getByRole('button', { name: 'Show the X report (the day so far)' }).click();
  await expect(xPanel.getByRole('row', { name: /^Paid with it/ })).toContainText('1 · €20.00');

  // Another merchant is another server's day: this one is closed first.
  await goTo(page, 'Settings');
  await page.getByLabel('Merchant id').fill('M2');
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'The Loyalty server cannot change in the middle of a day' }),
  ).toBeVisible();
  await page.reload();
  await goTo(page, 'Settings');
  await expect(page.getByLabel('Merchant id')).toHaveValue('M1');

  await goTo(page, 'Training');
  await page.getByRole('button', { name: 'Start training mode' }).click();
  await expect(page.getByRole('heading', { name: 'Scenario cards' })).toBeVisible();
});
