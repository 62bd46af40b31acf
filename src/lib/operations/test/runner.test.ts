import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { simulatedApi } from '@/test-support/simulated-api';
import { openJournal } from '../journal';
import { createRunner } from '../runner';
import type { OperationRecord } from '../types';

const TX = '5f0c3c2e-8a3b-4c1e-9d2a-1b2c3d4e5f60';

function setup() {
  const journal = openJournal(`journal-${crypto.randomUUID()}`);
  const seenAtSend: (OperationRecord | undefined)[] = [];
  const { api, app } = simulatedApi({}, undefined, async (request) => {
    const key = request.headers.get('idempotency-key');
    if (key) seenAtSend.push(await journal.get(key));
  });
  const runner = createRunner({ api, journal, scope: 'test', training: true, operatorId: 'op7' });
  return { app, journal, runner, seenAtSend };
}

describe('the recorded operation path', () => {
  it('writes the operation before sending it, and the answer after', async () => {
    const { runner, journal, seenAtSend } = setup();
    const outcome = await runner.execute({ type: 'giftCard.pay', number: '700100000001', amount: 1250 }, { transactionId: TX, reason: 'Sale' });
    expect(outcome.status).toBe('succeeded');
    expect(seenAtSend[0]).toMatchObject({ status: 'pending', request: { type: 'giftCard.pay', amount: 1250 }, transactionId: TX, operatorId: 'op7' });
    expect(await journal.get(outcome.record.id)).toMatchObject({ status: 'succeeded', attempts: 1, result: { amount: 1250, status: 'pending' } });
  });

  it('records a refusal as refused, with the code', async () => {
    const { runner } = setup();
    const outcome = await runner.execute({ type: 'giftCard.pay', number: '700100000002', amount: 100 }, { transactionId: TX, reason: 'Sale' });
    expect(outcome.status).toBe('refused');
    expect(outcome.record.error?.code).toBe('insufficient_funds');
  });

  it('resolves a lost answer by replaying the same key and body: one hold, not two', async () => {
    const { runner, app, seenAtSend } = setup();
    app.faults.replace({ next: { count: 1, kind: 'drop' } });
    const lost = await runner.execute({ type: 'storeCredit.pay', number: '720100000001', amount: 500 }, { transactionId: TX, reason: 'Sale' });
    expect(lost.status).toBe('unknown');
    const resolved = await runner.retry(lost.record.id);
    expect(resolved?.status).toBe('succeeded');
    expect(seenAtSend.map((r) => r?.id)).toEqual([lost.record.id, lost.record.id]);
    expect(app.engine.view().authorizations).toHaveLength(1);
    expect(resolved?.record.attempts).toBe(2);
  });

  it('does not send the same operation twice at once', async () => {
    const { runner, app } = setup();
    app.faults.replace({ latencyMs: 30, next: { count: 1, kind: 'error500' } });
    const first = await runner.execute({ type: 'loyaltyCard.pay', number: '710100000001', amount: 100 }, { transactionId: TX, reason: 'Sale' });
    expect(first.status).toBe('unknown');
    const [a, b] = await Promise.all([runner.retry(first.record.id), runner.retry(first.record.id)]);
    expect([a?.status, b?.status].sort()).toEqual(['busy', 'succeeded']);
    expect(app.engine.view().loyaltyPayments).toHaveLength(1);
  });
});

describe('operations flagged for a manager', () => {
  it('are no longer resent by the terminal on its own', async () => {
    const { runner, app, journal } = setup();
    app.faults.replace({ next: { count: 1, kind: 'unavailable' } });
    const lost = await runner.execute({ type: 'giftCard.pay', number: '700100000001', amount: 100 }, { transactionId: TX, reason: 'Sale' });
    await runner.flag(lost.record.id, 'checked by hand');
    expect((await runner.retry(lost.record.id))?.status).toBe('busy');
    expect(app.engine.view().authorizations).toEqual([]);
    expect(await journal.get(lost.record.id)).toMatchObject({ status: 'attention', note: 'checked by hand' });
  });
});
