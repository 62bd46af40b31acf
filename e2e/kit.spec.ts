import { expect, magicCards, test } from '@loyalty-terminal/playwright';
import { goTo } from '@loyalty-terminal/playwright/steps';

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
    await terminal.trainer.failNext('payment', 'drop');
    await terminal.cashier.startSale('10.00');
    await terminal.cashier.payWithCard(magicCards.giftCard.approved);
    await expect(terminal.cashier.tenderLines.first()).toContainText('On hold', { timeout: 15_000 });
    await terminal.cashier.completeSale();
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
  expect(await cashier.remainingDue()).toBe('€0.00'); // read from the finished sale too
});
