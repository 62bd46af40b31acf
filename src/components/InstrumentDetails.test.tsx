// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { cannotPay, type Instrument, type LoyaltyCard } from '@/domain/instrument';
import { TerminalContext } from '@/lib/terminal-context';
import { testTerminal } from '@/test-support/test-terminal';
import { InstrumentDetails } from './InstrumentDetails';

const loyalty = (over: Partial<LoyaltyCard>): LoyaltyCard => ({
  kind: 'loyaltyCard',
  number: '600100000001',
  seriesNumber: 'LC1',
  statusCode: 1,
  customer: null,
  account: { net: 1000, original: 1000, floor: 0, authorized: 0 },
  startDate: '2024-01-01',
  ...over,
});

const details = (instrument: Instrument) => {
  render(
    <TerminalContext.Provider value={testTerminal(globalThis.fetch)}>
      <InstrumentDetails instrument={instrument} />
    </TerminalContext.Provider>,
  );
  const status = screen.getByText('Status:', { exact: false }).closest('p') as HTMLElement;
  const note = document.querySelector('.instrument-note');
  return { status: status.textContent, tone: status.className, note: note?.textContent ?? null };
};

afterEach(cleanup);

describe('a loyalty card’s status at the lookup', () => {
  it('past its expiry date: expired, in the bad tone, with a note that it cannot pay', () => {
    expect(details(loyalty({ expiryDate: '2020-01-31' }))).toEqual({
      status: '✕ Status: Expired',
      tone: 'status status-bad',
      note: 'This card has expired: it cannot pay.',
    });
  });

  it('open and within its dates: open, in the OK tone, no note', () => {
    expect(details(loyalty({ expiryDate: '2999-12-31' }))).toEqual({
      status: '✓ Status: Open',
      tone: 'status status-ok',
      note: null,
    });
  });

  it('says it cannot pay exactly when a payment would refuse it (cannotPay)', () => {
    const cards: Instrument[] = [
      loyalty({}),
      loyalty({ expiryDate: '2020-01-31' }),
      loyalty({ statusCode: 0 }),
      loyalty({ statusCode: 2, expiryDate: '2020-01-31' }),
      { ...loyalty({}), kind: 'giftCard', status: 'issued', startDate: '2999-01-01T00:00:00Z' },
      { ...loyalty({}), kind: 'giftCard', status: 'expired' },
      { ...loyalty({}), kind: 'storeCredit', status: 'notIssued' },
    ];
    for (const card of cards) {
      const { note, tone } = details(card);
      const why = cannotPay(card, new Date());
      expect({ note: note !== null, ok: tone.endsWith('ok') }).toEqual({ note: why !== null, ok: why === null });
      cleanup();
    }
  });
});
