import { expect, magicCards, test } from '@loyalty-terminal/playwright';

test('a payment whose answer is lost is asked again, never charged twice', async ({ terminal, loyaltyServer }) => {
  const card = magicCards.giftCard.answerLost; // each payment's first answer is lost after it went through
  await terminal.cashier.startSale('40.00');
  await expect(await terminal.cashier.payWithCard(card, '40.00')).toContainText(/On hold|the outcome is unknown/);
  await expect(terminal.cashier.tenderLines.first()).toContainText('On hold', { timeout: 15_000 });
  await terminal.cashier.completeSale();
  expect(await loyaltyServer.holds(card)).toMatchObject([{ amount: '40.00', status: 'committed' }]);
  expect(await loyaltyServer.card(card)).toMatchObject({ balance: '60.00' });
});
