import { describe, expect, it } from 'vitest';
import { startSale } from '@/domain/sale-flow';
import type { TenderLine } from '@/domain/tender-line';
import { translator } from '@/lib/i18n';
import type { Terminal } from '@/lib/terminal-context';
import { tenderSlipDoc } from './sale-slips';

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
