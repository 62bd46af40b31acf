import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { faultSetting, faultTargets, type FaultTarget } from './fault-targets';

const ws = { workstationData: { transactionId: '5f0c3c2e-8a3b-4c1e-9d2a-1b2c3d4e5f60', reason: 'Test' } };

/** The training server as the terminal loads it (import()), reset to its dataset. */
async function simulator() {
  const { startTrainingServer } = await import('@/simulator/browser/runtime');
  const server = await startTrainingServer();
  const api = `${server.baseUrl}/loyalty/api/v1/pos/loyaltyGroups/${server.loyaltyGroup}`;
  const send = (method: string, path: string, body?: unknown) =>
    server.fetch(path.startsWith('/_') ? `${server.baseUrl}${path}` : `${api}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${server.token}`,
        'content-type': 'application/json',
        'idempotency-key': crypto.randomUUID(),
      },
      ...(body !== undefined && { body: JSON.stringify(body) }),
    });
  await send('POST', '/_simulator/reset');
  return { send };
}

/** One request of each kind of operation, against the demo dataset, with its status. */
async function eachKind(sim: Awaited<ReturnType<typeof simulator>>): Promise<Record<FaultTarget, number>> {
  const lookup = (await sim.send('GET', '/giftcards/700100000001')).status;
  const pay = await sim.send('POST', '/giftcards/700100000001/_pay', { amount: 1, ...ws });
  const authCode = pay.ok ? ((await pay.json()) as { authCode: string }).authCode : 'none';
  const commit = (await sim.send('POST', `/giftcards/700100000001/authorizations/${authCode}/_commit`, ws)).status;
  const second = await sim.send('POST', '/giftcards/700100000007/_pay', { amount: 1, ...ws });
  const held = second.ok ? ((await second.json()) as { authCode: string }).authCode : 'none';
  const cancel = (await sim.send('POST', `/instruments/700100000007/authorizations/${held}/_cancel`, ws)).status;
  await sim.send('POST', '/loyaltycards/710100000001/_pay', { amount: 1, ...ws });
  const voided = (await sim.send('POST', '/merchant/M1/loyaltycards/710100000001/_voidPayment', ws)).status;
  const issue = (await sim.send('POST', '/giftcards/700100000003/_issue', { amount: 10, ...ws })).status;
  return { any: lookup, lookup, payment: pay.status, commit, cancel, void: voided, issue };
}

describe('training faults by kind of operation', () => {
  it('fails only the chosen kind; every other kind goes through', async () => {
    for (const target of faultTargets.filter((t) => t !== 'any')) {
      const sim = await simulator();
      await sim.send('POST', '/_simulator/faults', faultSetting(target, 'unavailable', 1, 0));
      const statuses = await eachKind(sim);
      for (const other of faultTargets.filter((t) => t !== 'any')) {
        expect([target, other, statuses[other] === 503]).toEqual([target, other, other === target]);
      }
    }
  });

  it('a failing lookup outlasts its quiet retry; operations count requests', () => {
    expect(faultSetting('lookup', 'error500', 1, 0).next.count).toBe(2);
    expect(faultSetting('payment', 'drop', 1, 250)).toEqual({
      latencyMs: 250,
      next: { count: 1, kind: 'drop', method: 'POST', path: '/_pay' },
    });
    expect(faultSetting('any', 'timeout', 3, 0).next).toEqual({ count: 3, kind: 'timeout' });
  });
});
