import { describe, expect, it } from 'vitest';
import { startSale } from '@/domain/sale-flow';
import type { TenderLine } from '@/domain/tender-line';
import { translator } from '@/lib/i18n';
import type { Terminal } from '@/lib/terminal-context';
import { saleReceiptDoc, tenderSlipDoc } from './sale-slips';

const terminal = { currency: 'EUR', locale: 'en-IE', mode: 'live', scope: 's' } as Terminal;
const sale = startSale(
  2000,
  { scope: 's', owner: 'tab' },
  { now: new Date('2026-11-28T12:00:00Z'), newId: () => 'tx' },
);
const loyalty = (state: TenderLine['state']): TenderLine => ({
  id: 'l',
  kind: 'loyaltyCard',
  number: '710100000001',
  amount: 2000,
  state,
});

describe('a loyalty payment’s slip', () => {
  const rows = (state: TenderLine['state']) => tenderSlipDoc(translator('en-IE'), terminal, sale, loyalty(state)).rows;
  it('names what was asked of a card that paid less, or nothing, as asked: never as what it paid', () => {
    expect(rows({ name: 'partiallyApproved', approvedAmount: 500 })).toContainEqual({
      label: 'Asked for',
      value: '€20.00',
    });
    expect(rows({ name: 'denied', reason: 'insufficient_funds' })).toContainEqual({
      label: 'Asked for',
      value: '€20.00',
    });
  });
  it('an approved one: its amount', () => {
    expect(rows({ name: 'approved', approvedAmount: 2000 })).toContainEqual({ label: 'Amount', value: '€20.00' });
  });
});

describe('the sale’s receipt', () => {
  const receipt = (over: Partial<typeof sale>, lines: TenderLine[], at = terminal) => {
    const rows = saleReceiptDoc(translator('en-IE'), at, { ...sale, ...over, lines }).rows;
    return Object.fromEntries(rows.map((r) => [r.label, r.value]));
  };
  const line = (id: string, kind: TenderLine['kind'], amount: number, state: TenderLine['state']): TenderLine => ({
    id,
    kind,
    number: `71010000000${id}`,
    amount,
    state,
  });

  it('a line that paid nothing or less names what was asked, never as paid; the total is what was paid', () => {
    const rows = receipt({ due: 8000, status: 'completed' }, [
      line('1', 'loyaltyCard', 2000, { name: 'denied', reason: 'insufficient_funds' }),
      line('2', 'loyaltyCard', 2000, { name: 'partiallyApproved', approvedAmount: 500 }),
      line('3', 'giftCard', 2000, { name: 'failed', code: 'insufficient_funds' }),
      line('4', 'giftCard', 1500, { name: 'committed', authCode: 'A1' }),
    ]);
    expect(rows['Loyalty card •••• 0001']).toMatch(/^Asked for €20\.00 · /);
    expect(rows['Loyalty card •••• 0002']).toMatch(/^€5\.00 · /);
    expect(rows['Gift card •••• 0003']).toMatch(/^Asked for €20\.00 · /);
    expect(rows['Gift card •••• 0004']).toMatch(/^€15\.00 · /);
    expect(rows['Total']).toBe('€20.00');
    expect(rows['Status']).toBe('Sale completed');
  });

  it('a voided sale whose loyalty payment a manager checks: voided, no total, and not “waiting for the card server”', () => {
    const rows = receipt({ status: 'voided' }, [
      line('1', 'loyaltyCard', 2000, { name: 'unknown', reason: 'contradictory_answer' }),
    ]);
    expect(rows['Status']).toBe('Sale voided');
    expect(rows['Total']).toBeUndefined();
    expect(rows['Loyalty card •••• 0001']).toBe('€20.00 · A MANAGER CHECKS THIS PAYMENT');
  });

  it('a completed sale whose commit went to a manager says a manager checks it; its money is not in the total', () => {
    const committing = line('1', 'giftCard', 2000, { name: 'committing', authCode: 'A1' });
    const rows = receipt({ status: 'completed' }, [{ ...committing, settleWithManager: true }]);
    expect(rows['Status']).toMatch(/^A manager checks a payment: do not hand over the goods/);
    expect(rows['Total']).toBe('€0.00');
    // Still on its way: the server's answer will come, and the paper says to wait for it.
    const waiting = receipt({ status: 'completed' }, [committing]);
    expect(waiting['Status']).toBe('Waiting for the card server: not complete');
    expect(waiting['Gift card •••• 0001']).toBe('€20.00 · NOT CONFIRMED YET: do not hand over the goods');
  });

  it('in the sale’s own currency after the terminal’s changed', () => {
    const rows = receipt(
      { due: 5000, status: 'completed', currency: 'EUR' },
      [line('1', 'giftCard', 5000, { name: 'committed', authCode: 'A1' })],
      { ...terminal, currency: 'ISK' },
    );
    expect(rows['Total']).toBe('€50.00');
  });
});
