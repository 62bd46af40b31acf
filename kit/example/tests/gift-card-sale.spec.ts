import { expect, test } from '@loyalty-terminal/playwright';

test('a sale paid by a gift card: held, then committed when the sale completes', async ({
  terminal,
  loyaltyServer,
}) => {
  const card = await loyaltyServer.giftCard({ balance: '50.00' });
  await terminal.cashier.startSale('20.00');
  await expect(await terminal.cashier.payWithCard(card)).toContainText('On hold');
  await terminal.cashier.completeSale();
  expect(await loyaltyServer.holds(card)).toMatchObject([{ amount: '20.00', status: 'committed' }]);
  expect(await loyaltyServer.card(card)).toMatchObject({ balance: '30.00', available: '30.00' });
});
