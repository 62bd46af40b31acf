import { expect, magicCards, test } from '@loyalty-terminal/playwright';
import { goTo, managerUnlocks, openLiveTerminal } from '@loyalty-terminal/playwright/steps';

/**
 * The kit as an integrator uses it (kit/example runs the packed package; this runs its source):
 * the fixtures in both modes, the page objects in another language and on another screen, and bad
 * use told in words rather than a time-out.
 */

test.describe('in training mode', () => {
  test.use({ mode: 'training' });

  test('the trainer makes the next payment lose its answer; the terminal asks again, the card pays once', async ({
    terminal,
  }) => {
    const { cashier } = terminal;
    const card = magicCards.giftCard.approved;
    expect(await cashier.lookUp(card)).toEqual({ available: '€50.00' });
    await terminal.trainer.failNext('payment', 'drop');
    await cashier.startSale('10.00');
    await cashier.payWithCard(card);
    await expect(cashier.tenderLines.first()).toContainText('On hold', { timeout: 15_000 });
    await expect(cashier.tenderLines).toHaveCount(1);
    await cashier.completeSale();
    // The server's answer (training: the simulator in the page, which the kit's server is not): the
    // payment applied once, by its 10.00. Held twice, the card would have 30.00 or less.
    expect(await cashier.lookUp(card)).toEqual({ available: '€40.00' });
  });

  test('what a test would set up on the kit’s server is refused in words: the terminal works with its own simulator', async ({
    loyaltyServer,
  }) => {
    await expect(loyaltyServer.giftCard()).rejects.toThrow("this test's terminal is in training mode");
    await expect(loyaltyServer.fail('pay', 'timeout')).rejects.toThrow("fail('pay', 'timeout'): this test's terminal");
  });

  test('a magic card behaves in training as on the kit’s server: its first answer lost, then resolved', async ({
    terminal,
  }) => {
    await terminal.cashier.startSale('30.00');
    await terminal.cashier.payWithCard(magicCards.giftCard.answerLost);
    await expect(terminal.cashier.tenderLines.first()).toContainText('On hold', { timeout: 15_000 });
    expect(await terminal.cashier.remainingDue()).toBe('€0.00');
  });
});

test.describe('in German, on a phone', () => {
  test.use({ locale: 'de-DE', screenSize: 'phone' });

  test('the page objects find what a German cashier reads', async ({ page, terminal, loyaltyServer }) => {
    const card = await loyaltyServer.giftCard({ balance: '30.00' });
    await terminal.cashier.startSale('12.50');
    await expect(await terminal.cashier.payWithCard(card)).toContainText(/Reserviert · Autorisierung/);
    await terminal.cashier.completeSale();
    expect(await loyaltyServer.holds(card)).toMatchObject([{ amount: '12.50', status: 'committed' }]);
    expect(page.viewportSize()).toEqual({ width: 390, height: 844 });
  });

  test('the manager activates a box in German: the button is told from the task’s tab of a like name', async ({
    terminal,
  }) => {
    expect(await terminal.manager.activateBox('700100001001', '700100001003', '10.00')).toBe(3);
  });
});

test('bad use is told in words: an amount with too many decimals, a page object on the wrong screen', async ({
  terminal,
  loyaltyServer,
}) => {
  await expect(loyaltyServer.giftCard({ balance: '50.001' as '50.00' })).rejects.toThrow(
    'giftCard({"balance":"50.001"}): EUR has 2 decimals, \'50.001\' has 3. Write it like \'50.00\'.',
  );
  await expect(loyaltyServer.giftCard({ balance: 'fifty' as '50.00' })).rejects.toThrow(/'fifty' is not an amount/);
  await expect(loyaltyServer.giftCard({ series: 'NOPE' })).rejects.toThrow("this server has no series 'NOPE'");
  await expect(terminal.cashier.payWithCard(magicCards.giftCard.approved)).rejects.toThrow(
    'payWithCard: it works on an open sale: call startSale first. The terminal shows "New sale".',
  );
  await expect(terminal.cashier.receiptReference()).rejects.toThrow(
    'receiptReference: no receipt on screen: complete a sale first.',
  );
  await expect(loyaltyServer.card('123456')).rejects.toThrow(
    "card('123456'): this server has no card with that number",
  );
});

test('a card read again shows its old figures until the server answers: lookUp returns the answer', async ({
  terminal,
  loyaltyServer,
}) => {
  const card = await loyaltyServer.giftCard({ series: 'GC2', balance: '30.00' });
  expect(card).toHaveLength(12);
  expect(await terminal.cashier.lookUp(card)).toEqual({ available: '€30.00' });
  await loyaltyServer.holdElsewhere(card, '10.00');
  await loyaltyServer.latency(1_500);
  expect(await terminal.cashier.lookUp(card)).toEqual({ available: '€20.00' });
});

test('steps that were easy to get wrong: other money twice, unlock where nothing asks, two tills, another till’s hold', async ({
  terminal,
  loyaltyServer,
}) => {
  await terminal.cashier.startSale('10.00');
  await terminal.cashier.payOtherWay('3.00');
  await terminal.cashier.payOtherWay();
  expect(await terminal.cashier.remainingDue()).toBe('€0.00');
  await expect(terminal.manager.unlock()).rejects.toThrow("unlock: nothing on this screen asks for the manager's PIN");
  await expect(terminal.allowTill('http://till.test')).rejects.toThrow('allowTill: the terminal is set up already');
  await expect(terminal.trainer.openTraining()).rejects.toThrow('openTraining: this terminal works with a live server');
  const card = await loyaltyServer.giftCard();
  const hold = await loyaltyServer.holdElsewhere(card, '5.00');
  expect(await loyaltyServer.holds(card)).toMatchObject([{ transactionId: hold.transactionId, amount: '5.00' }]);
});

test('a failure and a latency set one after the other both hold, whichever comes first', async ({ loyaltyServer }) => {
  const faults = async () => (await fetch(`${loyaltyServer.url}/_simulator/faults`)).json() as Promise<unknown>;
  await loyaltyServer.fail('commit', 'unavailable', { times: 2 });
  await loyaltyServer.latency(200);
  expect(await faults()).toMatchObject({ latencyMs: 200, next: { count: 2, kind: 'unavailable', path: '/_commit' } });
  await loyaltyServer.fail('pay', 'timeout');
  expect(await faults()).toMatchObject({ latencyMs: 200, next: { count: 1, kind: 'timeout' } });
});

test('a step the sale on screen does not allow is told in words, not a time-out', async ({
  terminal,
  loyaltyServer,
}) => {
  const card = await loyaltyServer.giftCard({ balance: '30.00' });
  const { cashier } = terminal;
  await cashier.startSale('10.00');
  await expect(cashier.completeSale()).rejects.toThrow(/^completeSale: the terminal does not allow it now: .+/);
  await expect(cashier.payWithCard(card, '20.00')).rejects.toThrow(
    /^payWithCard\('\d+', '20.00'\): the amount was refused: .+/,
  );
  await cashier.payWithCard(card, '10.00');
  await expect(cashier.scanCard(card)).rejects.toThrow(
    /the sale takes no card now: nothing is left to pay \(€0.00 due\)/,
  );
  await cashier.completeSale();
  await expect(cashier.payWithCard(card)).rejects.toThrow(
    'payWithCard: the sale on screen is finished: call startSale (or nextSale) for the next one.',
  );
  await expect(cashier.voidSale()).rejects.toThrow('voidSale: the sale on screen is finished');
});

test.describe('with a manager PIN of the test’s own', () => {
  test.use({ managerPin: '1357' });

  test('the lower-level steps unlock with the PIN they are given', async ({ page, terminal }) => {
    await terminal.open();
    await goTo(page, 'Settings', terminal.managerPin);
    await expect(page.getByRole('button', { name: 'Lock manager' })).toBeVisible();
  });
});

test('managerUnlocks where a PIN is asked for one action (a cash-out): it is typed, the action goes on, nothing else unlocks', async ({
  page,
  loyaltyServer,
}) => {
  await openLiveTerminal(page, loyaltyServer);
  // The manager turns cash-out on (Settings: the PIN set), then locks the terminal.
  await goTo(page, 'Settings');
  await page.getByLabel('Offer cash-out').check();
  await page.getByLabel('Balances under (EUR)').fill('15');
  await page.getByRole('button', { name: 'Save cash-out' }).click();
  await expect(page.getByText('Cash-out saved.')).toBeVisible();
  await page.getByRole('button', { name: 'Lock manager' }).click();
  await goTo(page, 'Card lookup');
  await page.getByRole('heading', { name: 'Look up a card' }).click();
  await page.keyboard.type('700100000009');
  await page.keyboard.press('Enter');
  await page.getByRole('button', { name: 'Cash out €7.00' }).click();
  await managerUnlocks(page); // asked for this cash-out alone
  await page.getByRole('button', { name: 'Yes, cash out €7.00' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Pay out in cash: €7.00' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Lock manager' })).toHaveCount(0);
});

test('managerUnlocks at a PIN for one action while the manager is unlocked: a wrong PIN is said, not passed', async ({
  page,
  loyaltyServer,
}) => {
  await openLiveTerminal(page, loyaltyServer);
  await goTo(page, 'Settings');
  await page.getByLabel('Offer cash-out').check();
  await page.getByLabel('Balances under (EUR)').fill('15');
  await page.getByRole('button', { name: 'Save cash-out' }).click();
  await expect(page.getByText('Cash-out saved.')).toBeVisible();
  // Still unlocked (Lock manager shows): the cash-out asks for the PIN all the same.
  await goTo(page, 'Card lookup');
  await page.getByRole('heading', { name: 'Look up a card' }).click();
  await page.keyboard.type('700100000009');
  await page.keyboard.press('Enter');
  await page.getByRole('button', { name: 'Cash out €7.00' }).click();
  await expect(managerUnlocks(page, '97531')).rejects.toThrow(/^managerUnlocks: the PIN pad says ".*Wrong PIN/);
  await expect(page.getByRole('button', { name: 'Yes, cash out €7.00' })).toHaveCount(0);
  await managerUnlocks(page);
  await expect(page.getByRole('button', { name: 'Yes, cash out €7.00' })).toBeVisible();
});

test.describe('with no baseURL in the config', () => {
  test.use({ baseURL: undefined });

  test('the steps open the terminal where the kit serves it', async ({ page, terminal, loyaltyServer }) => {
    await openLiveTerminal(page, loyaltyServer);
    expect(new URL(page.url()).origin).toBe(new URL(terminal.url).origin);
  });
});

test('a series added before the terminal is used reaches it; one added after is refused in words', async ({
  terminal,
  loyaltyServer,
}) => {
  const series = await loyaltyServer.giftCardSeries();
  const card = await loyaltyServer.giftCard({ series: series.seriesNumber, balance: '12.00' });
  expect(await terminal.cashier.lookUp(card)).toEqual({ available: '€12.00' });
  await expect(loyaltyServer.giftCardSeries({ livePrinted: true })).rejects.toThrow(
    'giftCardSeries({"livePrinted":true}): the terminal is set up with this server\'s series already',
  );
});

test('the manager closes the day twice: each Z with the number the terminal shows', async ({
  terminal,
  loyaltyServer,
}) => {
  const card = await loyaltyServer.giftCard({ balance: '30.00' });
  await terminal.cashier.startSale('5.00');
  await terminal.cashier.payWithCard(card);
  await terminal.cashier.completeSale();
  const { byKind } = await terminal.manager.xReport(); // named lines: no `?.` under noUncheckedIndexedAccess
  expect(byKind.giftCard.taken).toEqual({ count: 1, amount: '5.00' });
  expect(byKind.loyaltyCard.loyaltyApproved).toEqual({ count: 0, amount: '0.00' });
  expect(await terminal.manager.closeDay()).toBe(1);
  await terminal.cashier.startSale('5.00');
  await terminal.cashier.payWithCard(card);
  await terminal.cashier.completeSale();
  expect(await terminal.manager.closeDay()).toBe(2);
  await expect(terminal.page.getByRole('list', { name: 'Days closed' })).toContainText('Z 2 · closed');
});

test('a payment whose answer is lost and asked again: the next steps wait for it, as the cashier does', async ({
  terminal,
  loyaltyServer,
}) => {
  const card = await loyaltyServer.giftCard({ balance: '30.00' });
  const { cashier } = terminal;
  await cashier.startSale('40.00');
  await cashier.payWithCard(magicCards.giftCard.answerLost, '10.00');
  await cashier.payWithCard(card, '30.00');
  await cashier.completeSale();
  // The server: the payment whose answer was lost was asked again with its key, so it holds once
  // (one hold, not two), by its amount, committed with the sale; the other card's payment as well.
  const lost = magicCards.giftCard.answerLost;
  expect(await loyaltyServer.holds(lost)).toMatchObject([{ amount: '10.00', status: 'committed' }]);
  expect(await loyaltyServer.card(lost)).toMatchObject({ balance: '90.00', onHold: '0.00' });
  expect(await loyaltyServer.holds(card)).toMatchObject([{ amount: '30.00', status: 'committed' }]);
});

test('loyalty cards the terminal will not take are refused in words and nothing is sent; a card with nothing on it is denied by the server', async ({
  terminal,
  loyaltyServer,
}) => {
  const { cashier } = terminal;
  await cashier.startSale('10.00');
  await expect(cashier.payWithCard(magicCards.loyaltyCard.closed)).rejects.toThrow(
    "payWithCard('710100000004'): this card cannot pay, so the terminal sent no payment: This loyalty card is not open: it cannot pay.",
  );
  await expect(cashier.payWithCard(magicCards.loyaltyCard.deniedCardNotOpen)).rejects.toThrow(
    'This loyalty card is not open: it cannot pay.',
  );
  await expect(cashier.payWithCard(magicCards.loyaltyCard.deniedExpired)).rejects.toThrow(
    'This card has expired: it cannot pay.',
  );
  // The refusal stays on screen, under the card.
  await expect(terminal.page.getByRole('region', { name: 'Pay with a card' }).getByRole('alert')).toContainText(
    'This card has expired: it cannot pay.',
  );
  expect((await loyaltyServer.state()).loyaltyPayments).toEqual([]);
  const denied = await cashier.payWithCard(magicCards.loyaltyCard.deniedInsufficientFunds, '10.00');
  await expect(denied).toContainText('Denied: no balance left on the card.');
  expect((await loyaltyServer.state()).loyaltyPayments).toMatchObject([
    {
      card: magicCards.loyaltyCard.deniedInsufficientFunds,
      result: 'denied',
      denialReason: 'insufficient_funds',
      requested: '10.00',
      approved: '0.00',
    },
  ]);
  expect(await cashier.remainingDue()).toBe('€10.00');
});

test('a loyalty card whose expiry date the server’s clock has passed is denied by the server', async ({
  terminal,
  loyaltyServer,
}) => {
  const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
  const card = await loyaltyServer.loyaltyCard({ balance: '50.00', expires: tomorrow });
  await loyaltyServer.advanceClock(2 * 86_400_000); // the server's clock only: the terminal reads the card as valid
  await terminal.cashier.startSale('10.00');
  await expect(await terminal.cashier.payWithCard(card, '10.00')).toContainText('Denied: the card has expired.');
  expect((await loyaltyServer.state()).loyaltyPayments).toMatchObject([
    { card, result: 'denied', denialReason: 'expired', approved: '0.00' },
  ]);
});

test('voidSale waits out a short outage of the releases; one that lasts is told in the screen’s words', async ({
  terminal,
  loyaltyServer,
}) => {
  test.slow(); // the second void waits its 20 s out
  const { cashier } = terminal;
  const card = await loyaltyServer.giftCard({ balance: '30.00' });
  await cashier.startSale('10.00');
  await cashier.payWithCard(card);
  await loyaltyServer.fail('cancel', 'unavailable');
  await cashier.voidSale();
  expect(await loyaltyServer.holds(card)).toMatchObject([{ amount: '10.00', status: 'canceled' }]);
  await cashier.startSale('10.00');
  await cashier.payWithCard(card);
  await loyaltyServer.fail('cancel', 'unavailable', { times: 100 });
  await expect(cashier.voidSale()).rejects.toThrow(
    'voidSale: the sale is not voided yet: The Loyalty server does not answer now',
  );
});

test('two sales given back one after the other: the second return starts from the first one’s outcome, still on the desk', async ({
  terminal,
  loyaltyServer,
}) => {
  const { cashier } = terminal;
  const card = await loyaltyServer.giftCard({ balance: '50.00' });
  const references: string[] = [];
  for (const due of ['12.00', '8.00'] as const) {
    await cashier.startSale(due);
    await cashier.payWithCard(card);
    await cashier.completeSale();
    references.push(await cashier.receiptReference());
  }
  for (const reference of references) await cashier.returnSale(reference);
  const credit = (await loyaltyServer.state()).cards.filter(
    (c) => c.kind === 'storeCredit' && c.number !== '720100000001',
  );
  expect(credit.map((c) => c.balance).sort()).toEqual(['12.00', '8.00']);
});
