import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import type { SeriesConfig } from '@/domain/instrument';
import { boxFormSchema } from './box-form';

const series: SeriesConfig[] = [
  { prefix: '7001', kind: 'giftCard', seriesNumber: 'GC1', livePrinted: false },
  { prefix: '7002', kind: 'giftCard', seriesNumber: 'GC2', livePrinted: false, fixedAmount: 2500 },
  { prefix: '7101', kind: 'loyaltyCard', seriesNumber: 'LC1', livePrinted: false },
];
const problemOf = (first: string, last: string, amountRequired = true) => {
  const parsed = v.safeParse(boxFormSchema('EUR', 'en-IE', amountRequired, series), {
    first,
    last,
    count: '',
    amount: '10.00',
  });
  return parsed.success ? null : parsed.issues.map((i) => i.message);
};

describe('a box’s range', () => {
  it('is one gift card series: a range into the next series, or of loyalty cards, is refused in words', () => {
    expect(problemOf('700100001001', '700100001050')).toBeNull();
    expect(problemOf('700199999990', '700200000009')).toEqual(['otherSeries']);
    expect(problemOf('710100000001', '710100000005')).toEqual(['notGiftCard']);
    // A number of no series known here is the server's to judge, as before.
    expect(problemOf('790100000001', '790100000005')).toBeNull();
  });
});
