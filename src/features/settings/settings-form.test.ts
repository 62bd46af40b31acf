import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { detectKind, parseInstrumentNumber } from '@/domain/instrument';
import type { ServerSettings } from '@/lib/settings/schema';
import { settingsFormSchema, toFormValues } from './settings-form';

const saved: ServerSettings = {
  baseUrl: 'https://loyalty.example',
  loyaltyGroup: 'demo',
  token: 'demo-token',
  merchantId: 'M1',
  storeId: 12,
  workstationId: 3,
  operatorId: 'op7',
  currency: 'KWD',
  timeoutSeconds: 10,
  series: [{ prefix: '7001', kind: 'giftCard', seriesNumber: 'GC1', livePrinted: false, fixedAmount: 25000 }],
};
const bound = { token: saved.token, baseUrl: saved.baseUrl };
const messages = (result: v.SafeParseResult<ReturnType<typeof settingsFormSchema>>) =>
  result.success ? [] : result.issues.map((i) => [v.getDotPath(i), i.message]);

describe('the settings form', () => {
  it('saves again as it was filled, in German too (a fixed amount in the locale’s own decimals)', () => {
    const values = toFormValues(saved, 'de-DE');
    expect(values.series[0]?.fixedAmount).toBe('25,000');
    const again = v.safeParse(settingsFormSchema(bound, 'de-DE'), values);
    expect(messages(again)).toEqual([]);
    expect(again.success && again.output.series[0]?.fixedAmount).toBe(25000);
  });

  it('keeps a series prefix in upper case, as numbers are read: "gc70" then tells a scanned GC70 card', () => {
    const values = toFormValues({ ...saved, currency: 'EUR', series: [] }, 'en-IE');
    const parsed = v.safeParse(settingsFormSchema(bound, 'en-IE'), {
      ...values,
      series: [{ prefix: ' gc70 ', kind: 'giftCard', seriesNumber: 'GC70', livePrinted: false, fixedAmount: '' }],
    });
    expect(parsed.success && parsed.output.series[0]?.prefix).toBe('GC70');
    const series = parsed.success ? parsed.output.series : [];
    const number = parseInstrumentNumber('gc70 0000 0001');
    expect(number.ok && detectKind(number.number, series)).toBe('giftCard');
    // A prefix kept in lower case before: it matches too.
    expect(number.ok && detectKind(number.number, [{ ...series[0]!, prefix: 'gc70' }])).toBe('giftCard');
  });

  it('refuses a token a request header cannot carry (pasted with a zero-width space, a curly quote, a space), and trims one pasted with a line break', () => {
    const parse = (token: string) =>
      v.safeParse(settingsFormSchema(undefined, 'en-IE'), { ...toFormValues(saved, 'en-IE'), token });
    for (const token of ['demo-\u200btoken', '‘demo-token’', 'demo token', '   '])
      expect(messages(parse(token))).toEqual([['token', token.trim() === '' ? 'required' : 'token']]);
    const pasted = parse('demo-token\n');
    expect(pasted.success && pasted.output.token).toBe('demo-token');
  });

  it('reads store and workstation ids as digits only: "1e3", "0x10" or a space are not numbers', () => {
    const parse = (storeId: string) =>
      v.safeParse(settingsFormSchema(bound, 'en-IE'), { ...toFormValues(saved, 'en-IE'), storeId });
    for (const text of ['1e3', '0x10', '-1', '1.5']) expect(messages(parse(text))).toEqual([['storeId', 'integer']]);
    const blank = parse(' ');
    expect(blank.success && blank.output.storeId).toBeUndefined();
    const spaced = parse(' 42 ');
    expect(spaced.success && spaced.output.storeId).toBe(42);
  });

  it('reads the time-out as digits only: "0x3c", "1e2" or "6.5" are refused in words, " 30 " is 30', () => {
    const parse = (timeoutSeconds: string) =>
      v.safeParse(settingsFormSchema(bound, 'en-IE'), { ...toFormValues(saved, 'en-IE'), timeoutSeconds });
    for (const text of ['0x3c', '1e2', '6.5', 'abc', ''])
      expect(messages(parse(text))).toEqual([['timeoutSeconds', 'timeout']]);
    const spaced = parse(' 30 ');
    expect(spaced.success && spaced.output.timeoutSeconds).toBe(30);
  });

  it('refuses an operator id or a series name that is too long in words, not a raw key', () => {
    const values = toFormValues(saved, 'en-IE');
    const result = v.safeParse(settingsFormSchema(bound, 'en-IE'), {
      ...values,
      operatorId: 'o'.repeat(41),
      series: [{ ...values.series[0]!, description: 'd'.repeat(61) }],
    });
    expect(messages(result)).toEqual([
      ['operatorId', 'tooLong'],
      ['series.0.description', 'tooLong'],
    ]);
  });
});
