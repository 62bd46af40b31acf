import { type Page } from '@playwright/test';
import { payAtTill, openTill, receipt, terminalFrame, terminalIn, TERMINAL, TILL, tillStatus } from './support/till';
import type * as HostClient from '../src/till-client';
import { expect, expectAccessible, test } from './support/project';
import {
  goTo,
  line,
  liveSettingsSeeded,
  menuItem,
  net,
  state,
  tender,
  tenderLines,
  resetSimulator,
} from '@loyalty-terminal/playwright/steps';

type HostClientModule = typeof HostClient;

test.beforeEach(async ({ loyaltyServer }) => {
  await resetSimulator(loyaltyServer);
});

const onHold = (page: Page) => expect(line(terminalIn(page), 'Gift card •••• 0001')).toContainText(/On hold/);

test('a split payment goes back to the till; a reversal voids the loyalty payment and gives store credit for the gift card', async ({
  page,
  loyaltyServer,
}) => {
  await openTill(page, loyaltyServer);
  await payAtTill(page, 'R-SPLIT');
  const terminal = terminalIn(page);
  await expect(terminal.getByText('The amount due comes from the till')).toBeVisible();
  await expect(terminal.getByLabel('Still due', { exact: true })).toHaveText('€67.30');
  await expect(terminal.getByText('Other payment (cash, bank card)')).toHaveCount(0);
  await tender(page, '700100000001', undefined, terminal);
  await onHold(page);
  await tender(page, '710100000001', undefined, terminal);
  await terminal.getByRole('button', { name: 'Complete and return to the till' }).click();

  await expect(tillStatus(page)).toHaveText('Result for R-SPLIT: paid');
  await expect(page.getByRole('dialog', { name: 'Paying at the loyalty terminal…', includeHidden: true })).toBeHidden();
  await expect(receipt(page)).toContainText(/giftCard \*\*\*\* 0001: €50.00 \(paid, auth [A-Z0-9]+\)/);
  await expect(receipt(page)).toContainText('loyaltyCard **** 0001: €17.30 (paid, approved)');
  await expect(receipt(page)).toContainText('Nothing left to collect');
  await expect(page.getByLabel('Slip text')).toContainText('R-SPLIT');
  await expect(page.getByLabel('Slip text')).toContainText('PAID');
  const paid = await state(loyaltyServer);
  expect(paid.authorizations).toEqual([
    expect.objectContaining({ instrumentId: '700100000001', amount: 50, status: 'committed' }),
  ]);
  expect(paid.loyaltyPayments).toEqual([
    expect.objectContaining({ loyaltyCardId: '710100000001', approvedAmount: 17.3, result: 'approved', voided: false }),
  ]);
  expect(paid.loyaltyPayments[0]?.transactionId).toBe(paid.authorizations[0]?.transactionId);
  expect(net(paid, '710100000001')).toBe(102.7);

  await page.getByRole('button', { name: 'Reverse payment' }).click();
  await expect(tillStatus(page)).toHaveText('Result for R-SPLIT: reversed');
  const back = receipt(page).getByRole('list', { name: 'Given back' }).getByRole('listitem');
  await expect(back).toHaveText([
    'loyalty payment voided **** 0001: €17.30 (done)',
    /^new store credit 7201\d{8}: €50\.00 \(done\)$/,
  ]);
  // Taken back: the till collects nothing (it used to read €17.30 still to collect).
  await expect(receipt(page)).not.toContainText('Collect');
  const reversed = await state(loyaltyServer);
  expect(reversed.loyaltyPayments[0]?.voided).toBe(true);
  expect(net(reversed, '710100000001')).toBe(120);
  expect(reversed.authorizations[0]?.status).toBe('committed');
  const credits = reversed.instruments.filter((i) => i.number.startsWith('7201') && i.number !== '720100000001');
  expect(credits.map((i) => i.amountNet)).toEqual([50]);

  // Asked again: the same answer, nothing given back twice.
  await page.getByRole('button', { name: 'Reverse payment' }).click();
  await expect(tillStatus(page)).toHaveText('Result for R-SPLIT: reversed');
  expect((await state(loyaltyServer)).instruments.filter((i) => i.number.startsWith('7201')).length).toBe(
    credits.length + 1,
  );
});

test('a partial refund from the demo till: part of a gift card payment back as store credit, never more than is left', async ({
  page,
  loyaltyServer,
}) => {
  await openTill(page, loyaltyServer);
  await payAtTill(page, 'R-PARTREF');
  const terminal = terminalIn(page);
  await tender(page, '700100000001', '40', terminal);
  await onHold(page);
  await tender(page, '710100000001', undefined, terminal);
  await terminal.getByRole('button', { name: 'Complete and return to the till' }).click();
  await expect(tillStatus(page)).toHaveText('Result for R-PARTREF: paid');

  await page.getByLabel('Refund amount').fill('10');
  await page.getByRole('button', { name: 'Refund part' }).click();
  await expect(tillStatus(page)).toHaveText('Result for R-PARTREF: refunded');
  await expect(receipt(page).getByRole('list', { name: 'Given back' })).toContainText(
    /new store credit 7201\d{8}: €10\.00 \(done\)/,
  );
  await page.getByLabel('Refund amount').fill('60');
  await page.getByRole('button', { name: 'Refund part' }).click();
  await expect(tillStatus(page)).toContainText('Refused (over_returnable)');
  const s = await state(loyaltyServer);
  expect(s.loyaltyPayments[0]?.voided).toBe(false);
  expect(
    s.instruments.filter((i) => i.number.startsWith('7201') && i.number !== '720100000001').map((i) => i.amountNet),
  ).toEqual([10]);
});

test('a partial cover: the terminal returns what the card paid, the till collects the rest in cash', async ({
  page,
  loyaltyServer,
}) => {
  await openTill(page, loyaltyServer);
  await payAtTill(page, 'R-PART');
  const terminal = terminalIn(page);
  await expect(terminal.getByText('Take a card payment, or void the sale to hand it back to the till.')).toBeVisible();
  await tender(page, '700100000001', undefined, terminal);
  await onHold(page);
  await terminal.getByRole('button', { name: 'Return to the till (€17.30 left to collect there)' }).click();

  await expect(tillStatus(page)).toHaveText('Result for R-PART: partially_paid');
  await expect(receipt(page)).toContainText('Collect €17.30 in cash');
  await expect(page.getByLabel('Slip text')).toContainText(/Still to pay\s+€17.30/);
  const after = await state(loyaltyServer);
  expect(after.authorizations).toEqual([
    expect.objectContaining({ instrumentId: '700100000001', amount: 50, status: 'committed' }),
  ]);
  expect(net(after, '700100000001')).toBe(0);
  // The terminal (hidden again by the till) is back to waiting, and says what went to the till.
  await expect(terminal.getByText(/^Sent to the till/)).toHaveText(
    'Sent to the till (R-PART): partly paid, the rest to collect at the till',
  );
  await expect(terminal.getByRole('button', { name: 'Start sale', includeHidden: true })).toBeAttached();
});

test('the till cancels a payment under way: the hold is released and the loyalty payment voided', async ({
  page,
  loyaltyServer,
}) => {
  await openTill(page, loyaltyServer);
  await payAtTill(page, 'R-CANCEL');
  const terminal = terminalIn(page);
  await tender(page, '700100000001', '20.00', terminal);
  await onHold(page);
  await tender(page, '710100000001', '5.00', terminal);
  await expect(line(terminal, 'Loyalty card •••• 0001')).toContainText(/Approved/);

  await page.getByRole('dialog').getByRole('button', { name: 'Cancel payment' }).click();
  await expect(tillStatus(page)).toHaveText('Result for R-CANCEL: canceled');
  await expect(receipt(page)).toContainText('Paid by card: €0.00');
  const after = await state(loyaltyServer);
  expect(after.authorizations).toEqual([expect.objectContaining({ amount: 20, status: 'canceled' })]);
  expect(after.loyaltyPayments).toEqual([expect.objectContaining({ approvedAmount: 5, voided: true })]);
  expect(net(after, '700100000001')).toBe(50);
  expect(net(after, '710100000001')).toBe(120);
});

test('a result lost on its way to the till is found by asking the status', async ({ page, loyaltyServer }) => {
  await page.addInitScript((till) => {
    if (location.origin !== till) return;
    const w = window as unknown as { droppedResults: number };
    w.droppedResults = 0;
    // The first result the terminal pushes never reaches the till's code.
    window.addEventListener(
      'message',
      (e: MessageEvent) => {
        const data = e.data as { type?: string; inReplyTo?: string } | null;
        if (data?.type === 'result' && !data.inReplyTo && w.droppedResults === 0) {
          w.droppedResults += 1;
          e.stopImmediatePropagation();
        }
      },
      true,
    );
  }, TILL);
  await openTill(page, loyaltyServer);
  await payAtTill(page, 'R-LOST');
  const terminal = terminalIn(page);
  await tender(page, '700100000007', undefined, terminal);
  await expect(line(terminal, 'Gift card •••• 0007')).toContainText(/On hold/);
  await terminal.getByRole('button', { name: 'Complete and return to the till' }).click();

  await expect
    .poll(() => page.evaluate(() => (window as unknown as { droppedResults: number }).droppedResults))
    .toBe(1);
  await expect(tillStatus(page)).toHaveText('Result for R-LOST: paid', { timeout: 15_000 });
  await expect(receipt(page)).toContainText(/giftCard \*\*\*\* 0007: €67.30 \(paid/);
  // Asked again later, the terminal answers from its record: the same result.
  await page.getByRole('button', { name: 'Ask status' }).click();
  await expect(tillStatus(page)).toHaveText('Result for R-LOST: paid');
  const after = await state(loyaltyServer);
  expect(after.authorizations).toEqual([
    expect.objectContaining({ instrumentId: '700100000007', amount: 67.3, status: 'committed' }),
  ]);
});

test('told “paid” while its commit was still to be sent again, the till is told again when that commit is refused once the hold lapsed', async ({
  page,
  loyaltyServer,
}) => {
  await openTill(page, loyaltyServer);
  await payAtTill(page, 'R-LAPSE');
  const terminal = terminalIn(page);
  await tender(page, '700100000007', undefined, terminal);
  await expect(line(terminal, 'Gift card •••• 0007')).toContainText(/On hold/);
  // The commit's first answer does not come: the sale is complete, its commit sent again until it lands.
  await loyaltyServer.fail('commit', 'unavailable', { times: 1 });
  await terminal.getByRole('button', { name: 'Complete and return to the till' }).click();
  await expect(tillStatus(page)).toHaveText('Result for R-LAPSE: paid');
  // Told it is still settling: the till keeps the goods.
  await expect(receipt(page)).toContainText('The card server has not confirmed a payment yet: keep the goods');

  // The hold lapses before the commit is sent again: the card paid nothing after all.
  await loyaltyServer.advanceClock(16 * 60_000);
  await expect(tillStatus(page)).toHaveText('Result for R-LAPSE changed: partially_paid', { timeout: 20_000 });
  await expect(receipt(page)).toContainText('Collect €67.30 in cash');
  const server = await state(loyaltyServer);
  expect(server.authorizations).toEqual([expect.objectContaining({ instrumentId: '700100000007', amount: 67.3 })]);
  expect(server.authorizations[0]?.status).not.toBe('committed');
  expect((await loyaltyServer.card('700100000007')).balance).toBe('100.00'); // nothing left the card
  // Asked, the terminal's record says the same.
  await page.getByRole('button', { name: 'Ask status' }).click();
  await expect(tillStatus(page)).toHaveText('Result for R-LAPSE: partially_paid');
});

test('the terminal reloaded mid-payment keeps the till’s sale and finishes it', async ({ page, loyaltyServer }) => {
  await openTill(page, loyaltyServer);
  await payAtTill(page, 'R-TRELOAD');
  const terminal = terminalIn(page);
  await tender(page, '700100000001', '30.00', terminal);
  await onHold(page);
  await terminalFrame(page)
    .evaluate(() => window.location.reload())
    .catch(() => undefined);

  await expect(terminal.getByText('From the till · reference R-TRELOAD')).toBeVisible();
  await onHold(page);
  await tender(page, '710100000001', undefined, terminal);
  await terminal.getByRole('button', { name: 'Complete and return to the till' }).click();
  await expect(tillStatus(page)).toHaveText('Result for R-TRELOAD: paid');
  const after = await state(loyaltyServer);
  expect(after.authorizations).toEqual([expect.objectContaining({ amount: 30, status: 'committed' })]);
  expect(after.loyaltyPayments).toEqual([expect.objectContaining({ approvedAmount: 37.3, voided: false })]);
});

test('the till reloaded mid-payment resumes by its reference: the same sale, no second payment', async ({
  page,
  loyaltyServer,
}) => {
  await openTill(page, loyaltyServer);
  await payAtTill(page, 'R-HRELOAD');
  const terminal = terminalIn(page);
  await tender(page, '700100000001', '30.00', terminal);
  await onHold(page);
  await page.reload();

  await expect(terminal.getByText('From the till · reference R-HRELOAD')).toBeVisible();
  await onHold(page);
  await expect(tenderLines(terminal)).toHaveCount(1);
  await expect(terminal.getByLabel('Still due', { exact: true })).toHaveText('€37.30');
  await tender(page, '710100000001', undefined, terminal);
  await terminal.getByRole('button', { name: 'Complete and return to the till' }).click();
  await expect(tillStatus(page)).toHaveText('Result for R-HRELOAD: paid');
  const after = await state(loyaltyServer);
  expect(after.authorizations).toHaveLength(1);
  expect(after.loyaltyPayments).toHaveLength(1);
  expect(after.authorizations[0]).toMatchObject({ amount: 30, status: 'committed' });
  expect(net(after, '700100000001')).toBe(20);
});

test('a till that is not allowed gets no answer, and nothing starts', async ({ page, loyaltyServer }) => {
  await openTill(page, loyaltyServer, { allowed: ['https://till.example.com'] });
  await page.getByLabel('Reference').fill('R-WRONG');
  await page.getByRole('button', { name: 'Pay with gift/loyalty card' }).click();
  const terminal = terminalIn(page);
  await expect(terminal.getByText(`A message from ${TILL} was ignored: it is not an allowed till.`)).toBeVisible();
  await expect(terminal.getByRole('button', { name: 'Start sale' })).toBeVisible();
  await page.waitForTimeout(1500); // the till keeps asking; still no answer
  await expect(tillStatus(page)).toHaveText('Paying €67.30 for R-WRONG…');
  const after = await state(loyaltyServer);
  expect(after.authorizations).toHaveLength(0);
});

test('a pay with a bad amount, currency or reference is refused with its reason; a reference cannot be reused for another amount', async ({
  page,
  loyaltyServer,
}) => {
  await openTill(page, loyaltyServer);
  const reasons = await page.evaluate(async (origin) => {
    const url = '/till-client/till-client.js';
    const client = (await import(url)) as HostClientModule;
    const frame = document.getElementById('terminal') as HTMLIFrameElement;
    const terminal = client.connectTerminal({ window: () => frame.contentWindow, origin, requestTimeoutMs: 10_000 });
    const attempt = (order: Parameters<typeof terminal.pay>[0]) =>
      Promise.race([
        terminal.pay(order).then((r) => r.status as string),
        new Promise<string>((r) => setTimeout(() => r('started'), 3000)),
      ]).catch((e: { name: string; reason: string }) => `${e.name}:${e.reason}`);
    return [
      await attempt({ reference: 'R-BAD1', amountDue: 12.5, currency: 'EUR' }),
      await attempt({ reference: 'R-BAD2', amountDue: -500, currency: 'EUR' }),
      await attempt({ reference: 'R-BAD3', amountDue: 1000, currency: 'USD' }),
      await attempt({ reference: 'no spaces please', amountDue: 1000, currency: 'EUR' }),
      await attempt({ reference: 'R-ONCE', amountDue: 1000, currency: 'EUR' }),
      await attempt({ reference: 'R-ONCE', amountDue: 2000, currency: 'EUR' }),
    ];
  }, new URL(TERMINAL).origin);
  expect(reasons).toEqual([
    'TerminalRefused:bad_amount',
    'TerminalRefused:bad_amount',
    'TerminalRefused:bad_currency',
    'TerminalRefused:bad_reference',
    'started',
    'TerminalRefused:reference_conflict',
  ]);
  // The till's overlay is closed (this code paid without it), but the terminal took the first R-ONCE only.
  await expect(terminalIn(page).getByText('From the till · reference R-ONCE')).toBeAttached();
  await expect(terminalIn(page).getByLabel('Due', { exact: true })).toContainText('€10.00');
});

type HandedBack = {
  type: string;
  reason?: string;
  result?: {
    status: string;
    amountCovered: number;
    reference: string;
    refund?: { returned: { issuedNumber?: string }[] };
  };
};

/**
 * What the terminal hands back to the till's callback page after `act`: read from the URL it arrived
 * at, in the fragment (no server sees it), with the till's own query untouched. The demo till reads
 * it and then drops it from its address bar.
 */
async function handedBack(page: Page, act: () => Promise<unknown>): Promise<HandedBack> {
  let arrivedAt = '';
  const arrived = page.waitForEvent('framenavigated', {
    predicate: (frame) => {
      if (frame !== page.mainFrame() || !/till-demo\.html#loyaltyTerminal=/.test(frame.url())) return false;
      arrivedAt = frame.url();
      return true;
    },
  });
  await act();
  await arrived;
  const url = new URL(arrivedAt);
  expect(url.search).toBe('');
  await expect(page).toHaveURL(`${TILL}/till-demo.html`);
  return JSON.parse(new URLSearchParams(url.hash.slice(1)).get('loyaltyTerminal') ?? 'null') as HandedBack;
}

test('a link asking to give back more than the manager’s amount waits for the manager’s PIN at the terminal', async ({
  page,
  loyaltyServer,
}) => {
  await liveSettingsSeeded(page, loyaltyServer, [TILL]);
  // The store's manager amount for returns: €10.00 (Settings › Returns).
  await page.addInitScript(() => {
    const key = 'loyalty-terminal.settings';
    const kept = JSON.parse(localStorage.getItem(key) ?? 'null') as { state: { returns: object } } | null;
    if (kept)
      localStorage.setItem(
        key,
        JSON.stringify({ ...kept, state: { ...kept.state, returns: { way: 'storeCredit', pinAbove: 1000 } } }),
      );
  });
  const callback = encodeURIComponent(`${TILL}/till-demo.html`);
  await page.goto(`${TERMINAL}#/pay?amountDue=1500&currency=EUR&reference=U-9&callback=${callback}`);
  await tender(page, '700100000001');
  await expect(line(page, 'Gift card •••• 0001')).toContainText(/On hold/);
  await handedBack(page, () => page.getByRole('button', { name: 'Complete and return to the till' }).click());

  await page.goto(`${TERMINAL}#/reverse?reference=U-9&callback=${callback}`);
  const ask = page.getByRole('alertdialog');
  await expect(ask).toContainText('In all: €15.00');
  await expect(ask).toContainText('more than a cashier alone may give back of one sale: a manager confirms it');
  await expect(ask.getByRole('button', { name: 'Reverse the sale' })).toHaveCount(0);
  await expectAccessible(page);
  // No PIN set on this terminal yet: the first one chosen here confirms it, as everywhere else.
  await ask.getByLabel('New manager PIN').fill('2468');
  await ask.getByLabel('Repeat the PIN').fill('2468');
  await ask.getByRole('button', { name: 'Set PIN' }).click();
  await expect(ask.getByRole('button', { name: 'Reverse the sale' })).toBeVisible();

  // Another link arrives before the yes (only the fragment changes): its own question, its own PIN.
  await page.goto(`${TERMINAL}#/refund?reference=U-9&amount=1400&id=rf-2&callback=${callback}`);
  await expect(ask).toContainText('asks to give back part of sale U-9: €14.00');
  await expect(ask.getByLabel('Manager PIN', { exact: true })).toBeVisible();
  await expect(ask.getByRole('button', { name: 'Give it back' })).toHaveCount(0);
  const declined = await handedBack(page, () => ask.getByRole('button', { name: 'Decline' }).click());
  expect(declined).toMatchObject({ type: 'refused', reason: 'not_reversible' });

  await page.goto(`${TERMINAL}#/reverse?reference=U-9&callback=${callback}`);
  await ask.getByLabel('Manager PIN', { exact: true }).fill('2468');
  await ask.getByRole('button', { name: 'Unlock' }).click();
  const reversed = await handedBack(page, () => ask.getByRole('button', { name: 'Reverse the sale' }).click());
  expect(reversed).toMatchObject({ type: 'result', result: { status: 'reversed', refund: { amountReturned: 1500 } } });
  // One new store credit of €15.00 on the server, the one the till was told of (720100000001 is the demo's own).
  const issued = reversed.result?.refund?.returned[0]?.issuedNumber;
  expect(
    (await state(loyaltyServer)).instruments
      .filter((i) => i.number.startsWith('7201') && i.number !== '720100000001')
      .map((i) => [i.number, i.amountOriginal]),
  ).toEqual([[issued, 15]]);
});

test('a link to give money back at a terminal nobody is signed on to waits for a cashier to sign on', async ({
  page,
  loyaltyServer,
}) => {
  await liveSettingsSeeded(page, loyaltyServer, [TILL]);
  const callback = encodeURIComponent(`${TILL}/till-demo.html`);
  await page.goto(`${TERMINAL}#/pay?amountDue=500&currency=EUR&reference=U-5&callback=${callback}`);
  await tender(page, '700100000001');
  await expect(line(page, 'Gift card •••• 0001')).toContainText(/On hold/);
  await handedBack(page, () => page.getByRole('button', { name: 'Complete and return to the till' }).click());
  await page.goto(TERMINAL); // the cashier leaves the terminal, signed off
  await menuItem(page, 'Sign off').click();
  await page.getByRole('button', { name: 'Sign off without it' }).click();
  await expect(page.getByRole('heading', { name: 'Sign on' })).toBeVisible();

  // Below the manager's amount, one tap would give it back: nobody is here to tap, so nothing is asked.
  await page.goto(`${TERMINAL}#/reverse?reference=U-5&callback=${callback}`);
  await expect(page.getByRole('status').filter({ hasText: 'A cashier signs on to answer it' })).toBeVisible();
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Reverse the sale' })).toHaveCount(0);

  // From another screen (the training screen needs no cashier), the notice leads to the sign-on.
  await goTo(page, 'Training');
  await page
    .getByRole('status')
    .filter({ hasText: 'A cashier signs on to answer it' })
    .getByRole('button', { name: 'Sign on' })
    .click();
  await page.getByLabel('Operator id').fill('7');
  await page.getByLabel('Name').fill('Robin');
  await page.getByRole('button', { name: 'Sign on' }).click(); // the form's: on a sale screen the notice offers none
  const ask = page.getByRole('alertdialog');
  await expect(ask).toContainText('In all: €5.00');
  const reversed = await handedBack(page, () => ask.getByRole('button', { name: 'Reverse the sale' }).click());
  expect(reversed).toMatchObject({ type: 'result', result: { status: 'reversed' } });
});

test('the URL hand-over: the result goes to the till’s allowed callback, in its fragment; a callback elsewhere starts nothing', async ({
  page,
  loyaltyServer,
}) => {
  await liveSettingsSeeded(page, loyaltyServer, [TILL]);
  const callback = encodeURIComponent(`${TILL}/till-demo.html`);
  await page.goto(`${TERMINAL}#/pay?amountDue=1500&currency=EUR&reference=U-1&callback=${callback}`);
  await expect(page.getByText('From the till · reference U-1')).toBeVisible();
  await expectAccessible(page);
  await tender(page, '700100000001');
  await expect(line(page, 'Gift card •••• 0001')).toContainText(/On hold/);
  const paid = await handedBack(page, () =>
    page.getByRole('button', { name: 'Complete and return to the till' }).click(),
  );
  expect(paid).toMatchObject({
    type: 'result',
    result: { reference: 'U-1', status: 'paid', amountCovered: 1500 },
  });
  await expect(tillStatus(page)).toHaveText('Result for U-1: paid');
  expect((await state(loyaltyServer)).authorizations).toEqual([
    expect.objectContaining({ amount: 15, status: 'committed' }),
  ]);

  const status = await handedBack(page, () => page.goto(`${TERMINAL}#/status?reference=U-1&callback=${callback}`));
  expect(status).toMatchObject({ type: 'result', result: { status: 'paid' } });

  // Giving money back by a link: anyone could put one in front of this browser with an allowed
  // till's page as its return address, so the cashier confirms it here first.
  await page.goto(`${TERMINAL}#/reverse?reference=U-1&callback=${callback}`);
  const ask = page.getByRole('alertdialog');
  await expect(ask).toContainText(`The till (${new URL(TILL).origin}) asks to reverse sale U-1`);
  await expectAccessible(page);
  // A message from a page that is no till, meanwhile: said on screen, and the question stays.
  await page.evaluate(() =>
    window.dispatchEvent(
      new MessageEvent('message', {
        origin: 'https://evil.example',
        data: { protocol: 'loyalty-terminal', version: 1, type: 'status', id: 'x', reference: 'U-1' },
      }),
    ),
  );
  await expect(page.getByText('A message from https://evil.example was ignored')).toBeVisible();
  await expect(ask).toBeVisible();
  const declined = await handedBack(page, () => ask.getByRole('button', { name: 'Decline' }).click());
  expect(declined).toMatchObject({ type: 'refused', reason: 'not_reversible' });
  expect((await state(loyaltyServer)).instruments.filter((i) => i.number.startsWith('7201'))).toHaveLength(1);

  await page.goto(`${TERMINAL}#/reverse?reference=U-1&callback=${callback}`);
  const reversed = await handedBack(page, () =>
    page.getByRole('alertdialog').getByRole('button', { name: 'Reverse the sale' }).click(),
  );
  expect(reversed).toMatchObject({ type: 'result', result: { status: 'reversed' } });
  // The new store credit's whole number (the customer's card) reached the till, in the fragment only.
  const issued = reversed.result?.refund?.returned[0]?.issuedNumber ?? '';
  expect(issued).toMatch(/^7201\d{8}$/);
  await expect(receipt(page).getByRole('list', { name: 'Given back' })).toContainText(`new store credit ${issued}`);

  await page.goto(
    `${TERMINAL}#/pay?amountDue=1500&currency=EUR&reference=U-2&callback=${encodeURIComponent('https://evil.example/steal')}`,
  );
  await expect(page.getByText('The till’s return address is not allowed, so nothing was started')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Start sale' })).toBeVisible();
});

test('a till on another site imports the till client from the terminal’s address, as the docs show', async ({
  page,
  loyaltyServer,
  request,
}) => {
  // What the browser needs to run a module of another origin: the file shared with any (a shop's till is not this machine).
  const answer = await request.get(`${TERMINAL}till-client/till-client.js`, {
    headers: { Origin: 'https://till.shop.example' },
  });
  expect(answer.headers()['access-control-allow-origin']).toBe('*');
  // A page of another origin with no policy of its own (the simulator's answer to an unknown path).
  await page.goto(`${new URL(loyaltyServer.url).origin}/a-till`);
  expect(new URL(page.url()).origin).not.toBe(new URL(TERMINAL).origin);
  const exported = await page.evaluate(
    async (url) => Object.keys((await import(url)) as Record<string, unknown>).sort(),
    `${TERMINAL}till-client/till-client.js`,
  );
  expect(exported).toContain('connectTerminal');
});
