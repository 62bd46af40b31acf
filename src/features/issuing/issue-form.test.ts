import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { issueFormSchema } from './issue-form';

const fill = { amount: '20.00', customerId: '', customerName: '', reason: '' };
const refusals = (values: typeof fill) => {
  const result = v.safeParse(issueFormSchema('EUR', 'en-IE', true), values);
  return result.success ? [] : result.issues.map((i) => [v.getDotPath(i), i.message]);
};

describe('the issue form', () => {
  it('refuses in words, beside its field, what the request could not carry', () => {
    expect(refusals({ ...fill, customerId: 'c'.repeat(41) })).toEqual([['customerId', 'tooLong']]);
    expect(refusals({ ...fill, customerId: 'C9', customerName: 'n'.repeat(81), reason: 'r'.repeat(61) })).toEqual([
      ['customerName', 'tooLong'],
      ['reason', 'tooLong'],
    ]);
  });

  it('refuses a name without a customer id (the name alone would be dropped), and takes both together', () => {
    expect(refusals({ ...fill, customerName: 'Kim Park' })).toEqual([['customerName', 'customerIdFirst']]);
    expect(refusals({ ...fill, customerId: 'C9', customerName: 'Kim Park' })).toEqual([]);
    expect(refusals({ ...fill, customerId: 'C9' })).toEqual([]);
  });
});
