// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Sale } from '@/domain/sale';
import { readDisplayMessage } from './channel';
import { CustomerDisplayView } from './CustomerDisplayView';
import { displayView } from './view';

const terminal = { training: false, currency: 'EUR', locale: 'en-IE' };
const sale: Sale = {
  transactionId: 't1',
  due: 5000,
  status: 'open',
  startedAt: '2026-11-23T10:00:00Z',
  lines: [
    {
      id: 'a',
      kind: 'giftCard',
      number: '700100000001',
      amount: 2000,
      balanceAfter: 3000,
      state: { name: 'authorized', authCode: 'SECRET1', expires: '2026-11-23T10:15:00Z' },
    },
    {
      id: 'b',
      kind: 'loyaltyCard',
      number: '710100000002',
      amount: 1000,
      state: { name: 'partiallyApproved', approvedAmount: 500 },
    },
    { id: 'c', kind: 'storeCredit', number: '720100000001', amount: 700, state: { name: 'requesting' } },
    {
      id: 'd',
      kind: 'giftCard',
      number: '700100000007',
      amount: 900,
      state: { name: 'failed', code: 'insufficient_funds' },
    },
    { id: 'e', kind: 'external', number: '', label: 'Cash', amount: 1000, state: { name: 'recorded' } },
  ],
};

describe('what the customer display may show', () => {
  it('approved tenders only, by kind and last four digits, with what they covered and the balance left', () => {
    const view = displayView(sale, terminal);
    expect(view).toMatchObject({ status: 'open', due: 5000, paid: 3500, remaining: 1500 });
    expect(view.tenders).toEqual([
      { kind: 'giftCard', last4: '0001', amount: 2000, balanceAfter: 3000 },
      { kind: 'loyaltyCard', last4: '0002', amount: 500 },
      { kind: 'external', last4: '', label: 'Cash', amount: 1000 },
    ]);
    expect(JSON.stringify(view)).not.toMatch(/7001000|SECRET1/);
  });

  it('nothing of a voided sale; a welcome when there is none', () => {
    expect(displayView({ ...sale, status: 'voided' }, terminal)).toMatchObject({
      status: 'voided',
      tenders: [],
      due: 0,
    });
    expect(displayView(null, { ...terminal, training: true })).toMatchObject({ status: 'idle', training: true });
  });

  it('a completed sale whose commit is not answered yet is not "paid" to the customer: the receipt says to keep the goods', () => {
    const completed: Sale = {
      ...sale,
      due: 2000,
      status: 'completed',
      lines: [
        {
          id: 'a',
          kind: 'giftCard',
          number: '700100000001',
          amount: 2000,
          state: { name: 'committing', authCode: 'SECRET1' },
        },
      ],
    };
    const view = displayView(completed, terminal);
    expect(view).toMatchObject({ status: 'completed', remaining: 0, confirming: true });
    render(<CustomerDisplayView view={view} />);
    expect(screen.queryByText('Paid — thank you')).toBeNull();
    expect(screen.getByText('Your payment is being confirmed')).toBeTruthy();
    cleanup();

    const committed: Sale = {
      ...completed,
      lines: [{ ...completed.lines[0]!, state: { name: 'committed', authCode: 'SECRET1' } }],
    };
    render(<CustomerDisplayView view={displayView(committed, terminal)} />);
    expect(screen.getByText('Paid — thank you')).toBeTruthy();
    cleanup();
  });

  it('a sale’s amounts in its own currency after the terminal’s changed', () => {
    expect(displayView({ ...sale, currency: 'EUR' }, { ...terminal, currency: 'ISK' }).currency).toBe('EUR');
  });

  it('refuses a view whose locale the display could not format with, or a negative amount', () => {
    const view = displayView(sale, terminal);
    expect(readDisplayMessage({ type: 'view', tab: 'till-a', view: { ...view, locale: 'en_IE!' } })).toBeNull();
    expect(readDisplayMessage({ type: 'view', tab: 'till-a', view: { ...view, remaining: -1 } })).toBeNull();
    expect(readDisplayMessage({ type: 'view', tab: 'till-a', view: { ...view, locale: 'de-DE' } })).not.toBeNull();
  });

  it('refuses a message that would show more than four digits of a card', () => {
    const view = displayView(sale, terminal);
    expect(readDisplayMessage({ type: 'view', tab: 'till-a', view })).not.toBeNull();
    const leaking = { ...view, tenders: [{ kind: 'giftCard', last4: '700100000001', amount: 1 }] };
    expect(readDisplayMessage({ type: 'view', tab: 'till-a', view: leaking })).toBeNull();
    expect(readDisplayMessage({ type: 'other' })).toBeNull();
  });
});
