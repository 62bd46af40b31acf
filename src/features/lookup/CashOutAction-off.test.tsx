// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { GiftCard } from '@/domain/instrument';
import { TerminalContext } from '@/lib/terminal-context';
import { OutboxContext, type OutboxHandle } from '@/outbox/projection';
import { testTerminal } from '@/test-support/test-terminal';
import { CashOutAction } from './CashOutAction';

// Cash-out as a terminal has it before a manager turns it on: off, under €15.00.
const outbox = {
  perform: async () => 'disabled',
  reads: { getSale: async () => undefined, get: async () => undefined },
  resolveNow: async () => {},
  tab: 'tab-1',
} as unknown as OutboxHandle;
const card = (available: number): GiftCard => ({
  kind: 'giftCard',
  number: '700100000009',
  seriesNumber: 'GC1',
  status: 'issued',
  customer: null,
  account: { net: available, original: available, floor: 0, authorized: 0 },
});
const shown = (mode: 'training' | 'live', available: number) =>
  render(
    <TerminalContext.Provider value={testTerminal(globalThis.fetch, { scope: mode, mode })}>
      <OutboxContext.Provider value={outbox}>
        <CashOutAction card={card(available)} />
      </OutboxContext.Provider>
    </TerminalContext.Provider>,
  );
const OFF = 'Cash-out is turned off. A manager turns it on in Settings (one setting for training and the live server).';

afterEach(cleanup);

describe('cash-out turned off', () => {
  it('in training, on the small-balance scenario card: the trainer is told why there is no cash-out', () => {
    shown('training', 700);
    expect(screen.getByText(OFF)).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('in training, on a card that would not qualify anyway (over the threshold): nothing said', () => {
    shown('training', 5000);
    expect(screen.queryByText(OFF)).toBeNull();
  });

  it('live: nothing said on every small card a cashier looks up', () => {
    shown('live', 700);
    expect(screen.queryByText(OFF)).toBeNull();
  });
});
