import { expect, magicCards, test } from '@loyalty-terminal/playwright';

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
