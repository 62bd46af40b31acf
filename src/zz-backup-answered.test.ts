import { describe, expect, it } from 'vitest';
import { makeBackup, openBackup } from '@/outbox/backup';
import type { OperationRecord } from '@/outbox/types';

describe('scratch: answeredNumber in a backup', () => {
  it('is masked in the clear journal', async () => {
    const record = {
      id: crypto.randomUUID(),
      scope: 'test',
      training: true,
      transactionId: crypto.randomUUID(),
      reason: 'Gift card sold',
      request: { type: 'giftCard.issueInSeries', series: 'GC3', amount: 2500 },
      status: 'attention',
      attempts: 1,
      createdAt: '2026-11-29T10:00:00.000Z',
      updatedAt: '2026-11-29T10:00:00.000Z',
      error: { code: 'contradictory_answer', message: 'loaded 5000 where 2500 was asked' },
      answeredNumber: '700300000001',
    } as unknown as OperationRecord;
    const backup = await makeBackup([record], 'correct horse battery');
    const text = JSON.stringify(backup);
    const opened = await openBackup(text, 'correct horse battery');
    console.log('opened ok?', opened.ok);
    expect(text).not.toMatch(/700300000001/);
  });
});
