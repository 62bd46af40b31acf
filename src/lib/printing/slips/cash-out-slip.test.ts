import { describe, expect, it } from 'vitest';
import { translator } from '@/lib/i18n';
import type { Terminal } from '@/lib/terminal-context';
import { cashOutSlipDoc } from './cash-out-slip';

const terminal = { currency: 'EUR', locale: 'en-IE', mode: 'live', scope: 's' } as Terminal;
const card = { number: '700100000001' };
const at = new Date('2026-11-28T12:00:00Z');

describe('the cash-out’s slip', () => {
  it('the cash paid in the currency the cash-out was kept in, not the terminal’s now', () => {
    const doc = cashOutSlipDoc(translator('en-IE'), terminal, card, 1500, 0, at, 'JPY');
    expect(doc.rows).toContainEqual({ label: 'Paid out in cash', value: 'JP¥1,500' });
    expect(doc.rows.map((r) => r.value).join(' ')).not.toContain('€15.00');
  });
  it('one kept before sales had a currency: the terminal’s', () => {
    const doc = cashOutSlipDoc(translator('en-IE'), terminal, card, 1500, 0, at);
    expect(doc.rows).toContainEqual({ label: 'Paid out in cash', value: '€15.00' });
  });
});
