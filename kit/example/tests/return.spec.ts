import { expect, test } from '@loyalty-terminal/playwright';

test('a sale given back: the gift card money as new store credit', async ({ terminal, loyaltyServer }) => {
  const card = await loyaltyServer.giftCard({ balance: '50.00' });
  await terminal.cashier.startSale('18.50');
  await terminal.cashier.payWithCard(card);
  await terminal.cashier.completeSale();
  const reference = await terminal.cashier.receiptReference();
  await terminal.cashier.returnSale(reference);
  const { cards } = await loyaltyServer.state();
  const credit = cards.filter((c) => c.kind === 'storeCredit' && c.number !== '720100000001');
  expect(credit).toMatchObject([{ balance: '18.50', status: 'issued' }]);
});
