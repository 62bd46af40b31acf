import { expect, magicCards, test } from '@loyalty-terminal/playwright';

test('a split tender: a loyalty card approved in part, the rest in cash', async ({ terminal, loyaltyServer }) => {
  const { cashier } = terminal;
  await cashier.startSale('30.00');
  const loyalty = await cashier.payWithCard(magicCards.loyaltyCard.partlyApproved, '30.00');
  await expect(loyalty).toContainText('Approved €5.00 of €30.00');
  expect(await cashier.remainingDue()).toBe('€25.00');
  await cashier.payOtherWay('25.00');
  await cashier.completeSale();
  const { loyaltyPayments } = await loyaltyServer.state();
  expect(loyaltyPayments).toMatchObject([{ result: 'partiallyApproved', approved: '5.00', requested: '30.00' }]);
});
