import { readFileSync } from 'node:fs';
import { type Page, type Route } from '@playwright/test';
import { expect, SIMULATOR, test } from './support/project';
import {
  line,
  openLiveTerminal,
  startSale,
  state,
  tender,
  goTo,
  keyNumber,
  MANAGER_PIN,
  managerUnlocks,
  resetSimulator,
  scanIntoFocus,
  menuItem,
} from '@loyalty-terminal/playwright/steps';

/** A proxy between the terminal and the server that bends the answers to requests matching `path`. */
async function bend(page: Page, path: string, change: (body: Record<string, unknown>) => Record<string, unknown>) {
  await page.route(path, async (route: Route) => {
    const response = await route.fetch();
    if (!response.ok() || route.request().method() === 'OPTIONS') return route.fulfill({ response });
    await route.fulfill({ response, json: change((await response.json()) as Record<string, unknown>) });
  });
}

test.beforeEach(async ({ page, loyaltyServer }) => {
  await resetSimulator(loyaltyServer);
  await openLiveTerminal(page, loyaltyServer);
});

test.describe('answers checked against their requests', () => {
  test('a hold for 5.00 answered to 20.00 is not paid, never committed, and shown to a manager', async ({
    page,
    loyaltyServer,
  }) => {
    await bend(page, '**/giftcards/*/_pay', (b) => ({ ...b, amount: 5 }));
    await startSale(page, '20');
    await tender(page, '700100000001', '20');
    await expect(line(page, '•••• 0001')).toContainText('did not match this request');
    await expect(page.getByRole('button', { name: 'Complete sale' })).toBeDisabled();
    await expect(page.getByRole('button', { name: /1 operation needs a manager/ })).toBeVisible();
    // The server holds 20.00 (the proxy lied about it) and nothing was committed.
    expect((await state(loyaltyServer)).authorizations.map((a) => [a.amount, a.status])).toEqual([[20, 'pending']]);

    await page.getByRole('button', { name: /needs? a manager/ }).click();
    await managerUnlocks(page);
    const row = page.getByRole('row', { name: /Gift card · payment/ });
    await expect(row).toContainText('Needs a manager');
    await expect(row).toContainText('a hold of 500 where 2000 was asked');
    await expect(row).toContainText('Read again: the card shows €30.00 available');
  });

  test('an authorization naming another card, canceled, is not a hold', async ({ page, loyaltyServer }) => {
    await bend(page, '**/giftcards/*/_pay', (b) => ({ ...b, instrumentId: '700100000007', status: 'canceled' }));
    await startSale(page, '10');
    await tender(page, '700100000001', '10');
    await expect(line(page, '•••• 0001')).toContainText('did not match this request');
    expect((await state(loyaltyServer)).authorizations.filter((a) => a.status === 'committed')).toEqual([]);
  });

  for (const [name, change, paid] of [
    ['"approved 999 of 20"', { approvedAmount: 999 }, 20],
    ['"approved" with only 5 approved', { approvedAmount: 5 }, 20],
    ['a negative partial approval', { result: 'partiallyApproved', approvedAmount: -5 }, 20],
    [
      '"denied" with an approved amount',
      { result: 'denied', approvedAmount: 20, denialReason: 'insufficient_funds' },
      20,
    ],
  ] as const) {
    test(`a loyalty answer ${name} is never shown as paid or denied`, async ({ page, loyaltyServer }) => {
      await bend(page, '**/loyaltycards/*/_pay', (b) => ({ ...b, ...change }));
      await startSale(page, '20');
      await tender(page, '710100000001', '20');
      const tendered = line(page, '•••• 0001');
      await expect(tendered).toContainText('did not match this request');
      await expect(tendered).not.toContainText(/Approved|Denied/);
      await expect(page.getByRole('button', { name: 'Complete sale' })).toBeDisabled();
      // What the server really did: the whole 20.00 approved. The void gives it back once resolved by a manager.
      expect((await state(loyaltyServer)).loyaltyPayments.map((p) => p.approvedAmount)).toEqual([paid]);
    });
  }

  test('a payment whose answer is lost, then refused for lack of funds by a server that ignores keys, is not taken as refused: a manager checks the card', async ({
    page,
    loyaltyServer,
  }) => {
    // No Idempotency-Key reaches the server (every request is new to it), and the first payment's
    // answer is lost on its way back after the server put the hold on the card.
    let attempts = 0;
    await page.route('**/giftcards/*/_pay', async (route) => {
      const headers = { ...route.request().headers() };
      delete headers['idempotency-key'];
      attempts += 1;
      if (attempts > 1) return route.continue({ headers });
      await route.fetch({ headers });
      await route.abort('connectionreset');
    });
    await startSale(page, '40');
    await tender(page, '700100000001', '40');
    await expect(line(page, '•••• 0001')).toContainText('No answer at first, then refused', { timeout: 15_000 });
    await expect(line(page, '•••• 0001')).toContainText('the first attempt may have taken this money');
    // Nothing to take another way: the 40.00 stays blocked, and the hold the lost attempt put is the only one.
    await expect(page.getByRole('button', { name: 'Complete sale' })).toBeDisabled();
    await expect(page.getByText('A line needs a manager: the sale cannot be completed.')).toBeVisible();
    expect((await state(loyaltyServer)).authorizations.map((a) => [a.amount, a.status])).toEqual([[40, 'pending']]);
    expect(attempts).toBe(2);

    await page.getByRole('button', { name: /1 operation needs a manager/ }).click();
    await managerUnlocks(page);
    const row = page.getByRole('row', { name: /Gift card · payment/ });
    await expect(row).toContainText('Needs a manager');
    await expect(row).toContainText('refused this payment for lack of funds');
    await expect(row).toContainText('Read again: the card shows €10.00 available, €40.00 on hold.');
  });

  test('a lookup of card A answered with card B shows neither card B nor its money', async ({ page }) => {
    await bend(page, '**/giftcards/700100000001', (b) => ({
      ...b,
      giftCardId: '700100000007',
      account: { amountNet: 100, amountOriginal: 100, amountFloor: 0, amountAuthorized: 0 },
    }));
    await goTo(page, 'Card lookup');
    await keyNumber(page, '700100000001');
    await expect(page.getByText("The Loyalty server's answer does not match what was asked.")).toBeVisible();
    await expect(page.getByRole('main')).not.toContainText('7001 0000 0007');
    await expect(page.getByRole('main')).not.toContainText('€100.00');
  });
});

test.describe('the server address and its token', () => {
  test('a new address needs the token again: the saved token never leaves for it, in the check or the save', async ({
    page,
  }) => {
    const seen: (string | null)[] = [];
    const cors = {
      'Access-Control-Allow-Origin': '*',
      'Access-Control-Allow-Headers': 'Authorization, Content-Type, Idempotency-Key',
    };
    await page.route('http://127.0.0.1:4999/**', async (route) => {
      if (route.request().method() === 'OPTIONS') return route.fulfill({ status: 204, headers: cors });
      seen.push(route.request().headers().authorization ?? null);
      await route.fulfill({ status: 404, json: { error: { code: 'not_found', message: 'x' } }, headers: cors });
    });
    await goTo(page, 'Settings');
    await page.getByLabel('Server address (base URL)').fill('http://127.0.0.1:4999');
    await page.getByRole('button', { name: 'Check connection' }).click();
    await expect(page.getByText('A new server address needs its access token typed again')).toBeVisible();
    await page.getByRole('button', { name: 'Save settings' }).click();
    await expect(page.getByText('Fix the marked fields.')).toBeVisible();
    expect(seen).toEqual([]);

    await page.getByLabel('Replace access token').fill('other-token');
    await page.getByRole('button', { name: 'Check connection' }).click();
    await expect(page.getByText(/Connected: the server accepted the token/)).toBeVisible();
    // The check asks twice (the card read, then the merchant id in a void's path), each with the token typed.
    expect(seen).toEqual(['Bearer other-token', 'Bearer other-token']);
  });

  test('a remote http server, a query or fragment, and credentials are refused with words; a local http server is warned about', async ({
    page,
  }) => {
    await goTo(page, 'Settings');
    const address = page.getByLabel('Server address (base URL)');
    await address.fill('http://loyalty.example.com');
    await address.blur();
    await expect(page.getByText('A server on another network must use https://.')).toBeVisible();
    await address.fill('https://loyalty.example.com/?group=demo');
    await address.blur();
    await expect(page.getByText('The address may not contain ? or #')).toBeVisible();
    await address.fill('https://user:secret@loyalty.example.com');
    await address.blur();
    await expect(page.getByText('Leave the user name and password out of the address.')).toBeVisible();
    await address.fill(SIMULATOR);
    await address.blur();
    await expect(page.getByRole('note')).toContainText('Not encrypted (http)');
    await expect(page.getByRole('banner').locator('p', { hasText: /^Live: / })).toHaveText(
      `Live: ${new URL(SIMULATOR).host} · ▲ not encrypted`,
    );
  });
});

test.describe('the settings form on a tablet', () => {
  test('a refusal goes as the field is put right, before it is left: the first tap on Save saves', async ({ page }) => {
    await goTo(page, 'Settings');
    const timeout = page.getByLabel('Time-out per request (seconds)');
    await timeout.fill('500');
    await timeout.blur();
    await expect(page.getByText('Enter 1 to 120 seconds.')).toBeVisible();
    // Put right without leaving the field: the refusal goes now, not when Save's tap takes the focus
    // (the button would move from under that tap, and the tap would save nothing).
    await timeout.fill('15');
    await expect(timeout).toBeFocused();
    await expect(page.getByText('Enter 1 to 120 seconds.')).toBeHidden();
    const save = page.getByRole('button', { name: 'Save settings' });
    const before = await save.boundingBox();
    await timeout.blur();
    expect(await save.boundingBox()).toEqual(before);
    await save.click();
    await expect(page.getByText('Settings saved.')).toBeVisible();
  });
});

test.describe('the manager PIN and the cashier', () => {
  test('the journal needs the PIN; wrong PINs lock the pad with the time shown, even after a reload', async ({
    page,
  }) => {
    await goTo(page, 'Settings'); // the first use sets the PIN
    await page.getByRole('button', { name: 'Lock manager' }).click();
    await expect(page.getByRole('heading', { name: 'Manager PIN needed' })).toBeVisible();
    await page.getByRole('navigation').getByRole('button', { name: 'Journal', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Journal' })).toHaveCount(0);
    for (let i = 4; i >= 1; i -= 1) {
      await page.getByLabel('Manager PIN', { exact: true }).fill('0000');
      await page.getByRole('button', { name: 'Unlock' }).click();
      await expect(page.getByText(`Wrong PIN. ${i} ${i === 1 ? 'try' : 'tries'} left`)).toBeVisible();
    }
    await page.getByLabel('Manager PIN', { exact: true }).fill('0000');
    await page.getByRole('button', { name: 'Unlock' }).click();
    // Said once in the alert; the time ticks beside it, outside any live region.
    await expect(page.getByRole('alert').getByText('Too many wrong PINs: locked.')).toBeVisible();
    await expect(page.getByText(/^Try again in [01]:\d\d\.$/)).toBeVisible();
    await page.reload();
    await page.getByRole('navigation').getByRole('button', { name: 'Journal', exact: true }).click();
    await expect(page.getByText(/Too many wrong PINs: locked/)).toBeVisible();
    await page.getByLabel('Manager PIN', { exact: true }).fill(MANAGER_PIN);
    await expect(page.getByRole('button', { name: 'Unlock' })).toBeDisabled();
    // Nothing in the browser's storage holds the PIN itself.
    expect(await page.evaluate(() => JSON.stringify(localStorage))).not.toContain(MANAGER_PIN);
  });

  test('a cashier signs on; the journal and its CSV name them, with a formula-looking name neutralised', async ({
    page,
  }) => {
    await menuItem(page, 'Sign off').click();
    await page.getByRole('button', { name: 'Sign off without it' }).click();
    await expect(page.getByRole('heading', { name: 'Sign on' })).toBeVisible();
    await page.getByLabel('Operator id').fill('42');
    await page.getByLabel('Name').fill('=HYPERLINK("http://x.test","pay")');
    await page.getByRole('button', { name: 'Sign on' }).click();
    await startSale(page, '5');
    await tender(page, '700100000001', '5');
    await expect(line(page, '•••• 0001')).toContainText('On hold');
    await goTo(page, 'Journal');
    await expect(page.getByRole('row', { name: /Gift card · payment/ })).toContainText('=HYPERLINK');
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export as CSV' }).click();
    const csv = readFileSync(await (await download).path(), 'utf8');
    expect(csv).toContain(`"'=HYPERLINK(""http://x.test"",""pay"") (42)",pay,giftCard`);
    expect(
      csv
        .split(/\r\n/)
        .flatMap((l) => l.split(','))
        .some((cell) => /^[=+@]/.test(cell)),
    ).toBe(false);
  });
});

test.describe('input', () => {
  test('an amount that reads two ways is refused with both readings', async ({ page }) => {
    await page.getByLabel(/Amount due/).fill('1,500');
    await page.getByRole('button', { name: 'Start sale' }).click();
    await expect(page.getByText('Did you mean €1.50 or €1,500.00?')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Sale', exact: true })).toHaveCount(0);
    await page.getByLabel(/Amount due/).fill('1,500.00');
    await page.getByRole('button', { name: 'Start sale' }).click();
    await expect(page.getByLabel('Still due', { exact: true })).toHaveText('€1,500.00');
  });

  test('a scan into the amount due is a card, not an amount; a typist keying digits is a typist', async ({ page }) => {
    const due = page.getByLabel(/Amount due/);
    await due.click();
    await scanIntoFocus(page, '700100000007');
    await expect(page.getByText('Card •••• 0007 was read. Key the amount due first')).toBeVisible();
    await expect(due).toHaveValue('');
    // A person types more slowly than any scanner: six digits and Enter are an amount.
    await due.click();
    await page.keyboard.type('100000', { delay: 90 });
    await page.keyboard.press('Enter');
    await expect(page.getByLabel('Still due', { exact: true })).toHaveText('€100,000.00');
  });

  test('a second card scanned while "Amount to take" has focus is read as a card', async ({ page }) => {
    await startSale(page, '50');
    await page.getByRole('heading', { name: 'Pay with a card' }).click();
    await page.keyboard.type('700100000001');
    await page.keyboard.press('Enter');
    const amount = page.getByLabel('Amount to take from this card');
    await expect(amount).toHaveValue('50.00');
    await amount.focus();
    await scanIntoFocus(page, '700100000007');
    await expect(page.getByText('7001 0000 0007', { exact: true })).toBeVisible();
    await expect(amount).toHaveValue('50.00');
  });

  test('two clicks in the same instant send one payment and issue one card', async ({ page, loyaltyServer }) => {
    await startSale(page, '10');
    await page.getByRole('heading', { name: 'Pay with a card' }).click();
    await page.keyboard.type('700100000001');
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: /^Take / }).dblclick();
    await expect(line(page, '•••• 0001')).toContainText('On hold');
    expect((await state(loyaltyServer)).authorizations).toHaveLength(1);

    await goTo(page, 'Issue');
    await page.getByRole('button', { name: 'Print a new gift card' }).click();
    await page.getByLabel('Amount (EUR)').fill('30');
    await page.getByRole('button', { name: 'Issue and print gift card' }).dblclick();
    await expect(page.getByLabel('New number', { exact: true })).toHaveText('7003 0000 0001');
    expect((await state(loyaltyServer)).instruments.filter((i) => i.number.startsWith('7003'))).toHaveLength(1);
  });
});

test.describe('output', () => {
  test('an unbroken 10,000-character server message wraps, is capped, and cannot reverse the text', async ({
    page,
  }) => {
    const message = `\u202E${'x'.repeat(10_000)}`;
    await page.route('**/giftcards/700100000001', (route) =>
      route.fulfill({
        status: 409,
        json: { error: { code: 'request_in_progress', message } },
        headers: { 'Access-Control-Allow-Origin': '*' },
      }),
    );
    await goTo(page, 'Card lookup');
    await keyNumber(page, '700100000001');
    const notice = page.getByRole('alert').filter({ hasText: 'xxxx' });
    await expect(notice).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1024);
    const text = (await notice.textContent()) ?? '';
    expect(text).not.toContain('\u202E');
    expect(text.match(/x/g)?.length ?? 0).toBeLessThan(300);
  });

  test('the built page carries a strict Content-Security-Policy; the server sends frame-ancestors, nosniff and the referrer policy', async ({
    page,
    request,
  }) => {
    const response = await request.get('/');
    const headers = response.headers();
    expect(headers['content-security-policy']).toContain("frame-ancestors 'self'");
    expect(headers['content-security-policy']).toContain("script-src 'self'");
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['referrer-policy']).toBe('no-referrer');
    const html = await response.text();
    expect(html).toMatch(
      /<meta http-equiv="Content-Security-Policy" content="default-src &#39;self&#39;; script-src &#39;self&#39;/,
    );
    expect(html).not.toMatch(/<script(?![^>]*\ssrc=)[^>]*>/);

    // A whole sale runs under the policy without one violation.
    await page.evaluate(() => {
      (window as unknown as { violations: string[] }).violations = [];
      document.addEventListener('securitypolicyviolation', (e) =>
        (window as unknown as { violations: string[] }).violations.push(e.violatedDirective),
      );
    });
    await startSale(page, '5');
    await tender(page, '700100000001', '5');
    await expect(line(page, '•••• 0001')).toContainText('On hold');
    expect(await page.evaluate(() => (window as unknown as { violations: string[] }).violations)).toEqual([]);
  });
});
