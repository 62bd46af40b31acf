import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { startTrainingServer } from './runtime';

const tx = '5f0c3c2e-8a3b-4c1e-9d2a-1b2c3d4e5f60';

describe('training server in the page', () => {
  it('keeps its state across a restart (reload), until reset', async () => {
    const first = await startTrainingServer();
    const api = `${first.baseUrl}/loyalty/api/v1/pos/loyaltyGroups/${first.loyaltyGroup}`;
    const headers = { Authorization: `Bearer ${first.token}`, 'Content-Type': 'application/json' };
    const paid = await first.fetch(`${api}/giftcards/700100000001/_pay`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ amount: 10, workstationData: { transactionId: tx, reason: 'Sale' } }),
    });
    expect(paid.status).toBe(201);

    const second = await startTrainingServer();
    const card = await (await second.fetch(`${api}/giftcards/700100000001`, { headers })).json();
    expect(card.account.amountAuthorized).toBe(10);

    await second.fetch(`${second.baseUrl}/_simulator/reset`, { method: 'POST' });
    const third = await startTrainingServer();
    expect(
      (await (await third.fetch(`${api}/giftcards/700100000001`, { headers })).json()).account.amountAuthorized,
    ).toBe(0);
  });

  it('offers series for every kind, live-printed where the dataset says', async () => {
    const server = await startTrainingServer();
    expect(server.series).toContainEqual(
      expect.objectContaining({ prefix: '7003', kind: 'giftCard', livePrinted: true }),
    );
    expect(server.series).toContainEqual(expect.objectContaining({ prefix: '7101', kind: 'loyaltyCard' }));
    expect(server.scenarios.length).toBeGreaterThanOrEqual(12);
  });
});
