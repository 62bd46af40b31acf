import 'fake-indexeddb/auto';
import { openDB } from 'idb';
import { describe, expect, it } from 'vitest';
import { parseDataset } from '../engine/dataset';
import { stateFromDataset } from '../engine/state';
import { demoDataset } from '../demo-dataset';
import { startTrainingServer } from '../browser/runtime';

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
  });
});
