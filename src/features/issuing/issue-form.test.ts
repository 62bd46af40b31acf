import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { customerOf, issueFormSchema } from './issue-form';

const fill = { amount: '20.00', customerId: '', customerName: '', customerEmail: '', customerPhone: '', reason: '' };
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

  it('takes a customer’s email and phone, trimmed, and sends only those given', () => {
    const parsed = v.parse(issueFormSchema('EUR', 'en-IE', true), {
      ...fill,
      customerId: ' C9 ',
      customerEmail: '  kim.park@example.com ',
      customerPhone: ' +49 (30) 123-456 ',
    });
    expect(customerOf(parsed)).toEqual({ customerId: 'C9', email: 'kim.park@example.com', phone: '+49 (30) 123-456' });
    const onlyPhone = v.parse(issueFormSchema('EUR', 'en-IE', true), {
      ...fill,
      customerId: 'C9',
      customerPhone: '030 1234',
    });
    expect(customerOf(onlyPhone)).toEqual({ customerId: 'C9', phone: '030 1234' });
  });

  it('refuses in words an email not shaped like one, a phone with letters, and either too long', () => {
    const id = { ...fill, customerId: 'C9' };
    expect(refusals({ ...id, customerEmail: 'kim.park' })).toEqual([['customerEmail', 'email']]);
    expect(refusals({ ...id, customerEmail: 'kim@park@example.com' })).toEqual([['customerEmail', 'email']]);
    expect(refusals({ ...id, customerEmail: `${'k'.repeat(70)}@example.com` })).toEqual([['customerEmail', 'tooLong']]);
    expect(refusals({ ...id, customerPhone: '0301234 ext. 5' })).toEqual([['customerPhone', 'phone']]);
    expect(refusals({ ...id, customerPhone: '()' })).toEqual([['customerPhone', 'phone']]);
    expect(refusals({ ...id, customerPhone: '1'.repeat(31) })).toEqual([['customerPhone', 'tooLong']]);
  });

  it('refuses an email or phone without a customer id, as it refuses a name', () => {
    expect(refusals({ ...fill, customerEmail: 'kim@example.com', customerPhone: '030 1234' })).toEqual([
      ['customerEmail', 'customerIdFirstContact'],
      ['customerPhone', 'customerIdFirstContact'],
    ]);
  });
});
