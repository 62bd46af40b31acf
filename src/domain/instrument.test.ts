import { describe, expect, it } from 'vitest';
import {
  availableAmount,
  deriveIssueStatus,
  detectKind,
  groupNumber,
  maskNumber,
  parseInstrumentNumber,
  seriesOfNumber,
  type SeriesConfig,
} from './instrument';

describe('available amount', () => {
  it('is net less holds less floor, never below zero', () => {
    expect(availableAmount({ net: 5000, original: 5000, floor: 0, authorized: 1250 })).toBe(3750);
    expect(availableAmount({ net: 5000, original: 5000, floor: 1000, authorized: 1250 })).toBe(2750);
    expect(availableAmount({ net: 1000, original: 5000, floor: 0, authorized: 2000 })).toBe(0);
    expect(availableAmount({ net: 0, original: 0, floor: -500, authorized: 0 })).toBe(500);
  });
});

describe('issue status when the server sends none', () => {
  const now = new Date('2026-11-22T12:00:00Z');
  it('is issued with a startDate, expired past the expiryDate', () => {
    expect(deriveIssueStatus(undefined, undefined, now)).toBe('notIssued');
    expect(deriveIssueStatus('2026-01-01T00:00:00Z', undefined, now)).toBe('issued');
    expect(deriveIssueStatus('2026-01-01T00:00:00Z', '2026-11-22T13:00:00+02:00', now)).toBe('expired');
  });
});

describe('instrument numbers', () => {
  const series: SeriesConfig[] = [
    { prefix: '7001', kind: 'giftCard', seriesNumber: 'GC1', livePrinted: false },
    { prefix: '70019', kind: 'storeCredit', seriesNumber: 'SC9', livePrinted: true },
    { prefix: '7101', kind: 'loyaltyCard', seriesNumber: 'LC1', livePrinted: false },
    { prefix: '8', kind: 'giftCard', seriesNumber: 'A', livePrinted: false },
    { prefix: '8', kind: 'loyaltyCard', seriesNumber: 'B', livePrinted: false },
  ];

  it('tells the kind by the longest matching prefix, or not at all', () => {
    expect(detectKind('700100000001', series)).toBe('giftCard');
    expect(detectKind('700190000001', series)).toBe('storeCredit');
    expect(detectKind('710100000001', series)).toBe('loyaltyCard');
    expect(detectKind('999', series)).toBeNull();
    expect(detectKind('8123', series)).toBeNull();
  });

  it('names a number’s series by the same longest prefix (a box of cards takes its fixed amount from it)', () => {
    const boxes: SeriesConfig[] = [
      { prefix: '7001', kind: 'giftCard', seriesNumber: 'GC1', livePrinted: false, fixedAmount: 2500 },
      { prefix: '70015', kind: 'giftCard', seriesNumber: 'GC5', livePrinted: false, fixedAmount: 5000 },
    ];
    expect(seriesOfNumber('700150000001', 'giftCard', boxes)?.fixedAmount).toBe(5000);
    expect(seriesOfNumber('700100000001', 'giftCard', boxes)?.fixedAmount).toBe(2500);
    expect(seriesOfNumber('700100000001', 'storeCredit', boxes)).toBeUndefined();
  });

  it('reads keyed, scanned and swiped input', () => {
    expect(parseInstrumentNumber(' 7001 0000 0001 ')).toEqual({ ok: true, number: '700100000001' });
    expect(parseInstrumentNumber(';700100000001=2912?')).toEqual({ ok: true, number: '700100000001' });
    expect(parseInstrumentNumber('%B700100000001^GIFT/CARD^2912?')).toEqual({ ok: true, number: '700100000001' });
    expect(parseInstrumentNumber('')).toEqual({ ok: false, error: 'empty' });
    expect(parseInstrumentNumber('12')).toEqual({ ok: false, error: 'malformed' });
    expect(parseInstrumentNumber('7001<script>')).toEqual({ ok: false, error: 'malformed' });
  });

  it('groups for reading and masks to the last four', () => {
    expect(groupNumber('700100000001')).toBe('7001 0000 0001');
    expect(groupNumber('70010')).toBe('7001 0');
    expect(maskNumber('700100000001')).toBe('•••• 0001');
  });
});
