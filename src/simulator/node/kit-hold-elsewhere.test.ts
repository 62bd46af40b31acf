import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LoyaltyServer } from '../../../kit/src/loyalty-server';
import { parseDataset } from '../engine/dataset';
import { demoDataset } from '../demo-dataset';
import { startSimulator, type RunningSimulator } from './server';

// The kit's "another till" spends through the API, where the simulator counts a failure set by
// fail() down: the failure a test set for the terminal must still be there for the terminal.
function parsed() {
  const result = parseDataset(demoDataset);
  if (!result.ok) throw new Error('the demo dataset does not parse');
  return result.dataset;
}

describe("the kit's holdElsewhere beside a failure set for the terminal", () => {
  let simulator: RunningSimulator;
  let server: LoyaltyServer;
  beforeAll(async () => {
    simulator = await startSimulator({ dataset: parsed(), port: 0, host: '127.0.0.1' });
    server = new LoyaltyServer(simulator.url);
  });
  afterAll(() => simulator.close());

  it('takes its hold, and the next payment (the terminal’s) still meets the failure', async () => {
    await server.reset();
    const card = await server.giftCard({ balance: '50.00' });
    await server.fail('pay', 'unavailable');

    const hold = await server.holdElsewhere(card, '5.00');
    expect(hold.status).toBe('pending');

    const terminalsPayment = await fetch(`${server.api}/giftcards/${card}/_pay`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${server.token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ amount: 10, workstationData: { transactionId: crypto.randomUUID(), reason: 'Sale' } }),
    });
    expect(terminalsPayment.status).toBe(503);
    const state = await server.state();
    expect(state.cards.find((c) => c.number === card)?.available).toBe('45.00');
  });

  it('keeps what is left of a failure set for several requests', async () => {
    await server.reset();
    const card = await server.giftCard({ balance: '50.00' });
    await server.fail('pay', 'serverError', { times: 2 });
    await server.holdElsewhere(card, '1.00');
    const faults = (await (await fetch(`${server.url}/_simulator/faults`)).json()) as { next?: { count: number } };
    expect(faults.next?.count).toBe(2);
  });
});
