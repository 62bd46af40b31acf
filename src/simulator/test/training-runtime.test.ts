import 'fake-indexeddb/auto';
import { openDB } from 'idb';
import { describe, expect, it } from 'vitest';
import { parseDataset } from '../engine/dataset';
import { stateFromDataset } from '../engine/state';
import { demoDataset } from '../demo-dataset';
import { startTrainingServer } from '../browser/runtime';
import { ws } from './harness';

describe('the simulator in the page, started again by a newer build', () => {
  it('keeps the trainer’s state and adds the scenario cards the dataset gained since (they answered "not found")', async () => {
    // What an earlier build kept: its dataset had no "answer lost" cards (700100000901 and on).
    const group = demoDataset.loyaltyGroups[0];
    const older = {
      ...demoDataset,
      loyaltyGroups: [{ ...group, giftCards: group.giftCards.filter((c) => !c.number.startsWith('7001000009')) }],
    };
    const parsed = parseDataset(older);
    if (!parsed.ok) throw new Error(parsed.problems.join('; '));
    const kept = stateFromDataset(parsed.dataset);
    const key = Object.keys(kept.instruments).find((k) => k.endsWith('700100000001'))!;
    kept.instruments[key] = { ...kept.instruments[key]!, net: 1234 }; // the trainer paid with it
    // Kept with the dates the dataset had then: the store credit scenario card expired in 2027.
    const creditKey = Object.keys(kept.instruments).find((k) => k.endsWith('720100000001'))!;
    kept.instruments[creditKey] = { ...kept.instruments[creditKey]!, expiryDate: '2027-10-01T00:00:00Z' };
    // A payment still in the simulator's latency when the page went: its key left in progress.
    kept.idempotency['demo-token\u0000lost-key'] = {
      fingerprint: 'x',
      state: 'inProgress',
      status: 0,
      body: '',
      at: 0,
    };
    const db = await openDB('loyalty-terminal-training', 1, {
      upgrade: (database) => void database.createObjectStore('simulator'),
    });
    await db.put('simulator', kept, 'engine-state');
    db.close();

    const server = await startTrainingServer();
    const read = (number: string) =>
      server.fetch(`${server.baseUrl}/loyalty/api/v1/pos/loyaltyGroups/${server.loyaltyGroup}/giftcards/${number}`, {
        headers: { Authorization: `Bearer ${server.token}` },
      });
    expect((await read('700100000901')).status).toBe(200);
    const paidWith = (await (await read('700100000001')).json()) as { account: { amountNet: number } };
    expect(paidWith.account.amountNet).toBe(12.34);
    const credit = (await (
      await server.fetch(
        `${server.baseUrl}/loyalty/api/v1/pos/loyaltyGroups/${server.loyaltyGroup}/storecredits/720100000001`,
        { headers: { Authorization: `Bearer ${server.token}` } },
      )
    ).json()) as { expiryDate: string };
    expect(credit.expiryDate).toBe('2099-10-01T00:00:00Z');
    // Its resend is taken as the first attempt it never finished, not "in progress" for ever.
    const resend = await server.fetch(
      `${server.baseUrl}/loyalty/api/v1/pos/loyaltyGroups/${server.loyaltyGroup}/giftcards/700100000007/_pay`,
      {
        method: 'POST',
        headers: {
          Authorization: `Bearer ${server.token}`,
          'Content-Type': 'application/json',
          'Idempotency-Key': 'lost-key',
        },
        body: JSON.stringify({ amount: 10, workstationData: ws(crypto.randomUUID()) }),
      },
    );
    expect(resend.status).toBe(201);
  });
});
