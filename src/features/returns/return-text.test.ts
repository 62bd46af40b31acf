import { describe, expect, it } from 'vitest';
import { translator } from '@/lib/i18n';
import type { ReturnLine } from '@/domain/return-flow';
import { stateText } from './return-text';

const line = (state: ReturnLine['state']): ReturnLine => ({
  id: 'l1',
  way: 'storeCredit',
  amount: 2000,
  parts: [],
  target: 'SC1',
  state,
});

describe('a return line’s state in words', () => {
  it('says a lost answer is asked again, and an answer that went to a manager is not', () => {
    const t = translator('en-IE');
    expect(stateText(t, line({ name: 'unknown', reason: 'timeout' }))).toBe('no answer yet: asking again');
    for (const reason of ['contradictory_answer', 'idempotency_key_reused'])
      expect(stateText(t, line({ name: 'unknown', reason }))).toBe(
        'the server’s answer does not fit: a manager must check this card',
      );
  });
});
