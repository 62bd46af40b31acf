// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { GiftCard } from '@/domain/instrument';
import type { Sale } from '@/domain/sale';
import { TerminalContext } from '@/lib/terminal-context';
import { OutboxContext, type OutboxHandle } from '@/outbox/projection';
import { testTerminal } from '@/test-support/test-terminal';
import { CashOutAction } from './CashOutAction';

// This tab started the card's cash-out before (kept for the tab, as the screen keeps it).
vi.hoisted(() =>
  sessionStorage.setItem(
    'loyalty-terminal.cash-outs',
    JSON.stringify({ state: { started: { 'cash:700100000009': 'co-1' }, seen: [] }, version: 1 }),
  ),
);

const terminal = testTerminal(globalThis.fetch, { scope: 'cash', mode: 'live' });
const card: GiftCard = {
  kind: 'giftCard',
  number: '700100000009',
  seriesNumber: 'GC1',
  status: 'issued',
  customer: null,
  account: { net: 0, original: 700, floor: 0, authorized: 0 },
};
/** Taken from the card and committed: the cash is to be paid out. */
const committed = {
  transactionId: 'co-1',
  due: 700,
  status: 'completed',
  startedAt: '2026-11-22T10:00:00.000Z',
  purpose: 'cashOut',
  closed: true,
  lines: [
    { id: 'l1', kind: 'giftCard', number: card.number, amount: 700, state: { name: 'committed', authCode: 'A1' } },
  ],
} as unknown as Sale;

afterEach(cleanup);

describe('a cash-out taken from its card', () => {
  it('"pay now" is the status; a "Paid out" not recorded is an alert beside it, not inside it', async () => {
    const outbox = {
      perform: vi.fn(() => Promise.reject(new Error('the records cannot be written'))),
      reads: { getSale: async () => committed, get: async () => undefined },
      resolveNow: async () => {},
      tab: 'tab-1',
    } as unknown as OutboxHandle;
    render(
      <TerminalContext.Provider value={terminal}>
        <OutboxContext.Provider value={outbox}>
          <CashOutAction card={card} />
        </OutboxContext.Provider>
      </TerminalContext.Provider>,
    );
    await screen.findByRole('button', { name: 'Paid out' }); // once the sale is read: committed
    const payNow = screen.getByRole('status');
    expect(payNow.textContent).toBe('✓ Taken from the card. Pay out in cash: €7.00');
    fireEvent.click(screen.getByRole('button', { name: 'Paid out' }));
    const failed = await screen.findByRole('alert');
    expect(failed.parentElement?.closest('[role="status"],[role="alert"],[aria-live]') ?? null).toBeNull();
    expect(screen.getByRole('status')).toBe(payNow);
  });
});
