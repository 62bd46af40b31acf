// @vitest-environment jsdom
import type { ReactNode } from 'react';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { GiftCard } from '@/domain/instrument';
import type { Sale } from '@/domain/sale';
import { TerminalContext } from '@/lib/terminal-context';
import { OutboxContext, type OutboxHandle } from '@/outbox/projection';
import { testTerminal } from '@/test-support/test-terminal';
import { CashOutAction } from './CashOutAction';

// This tab started the card's cash-out before (kept for the tab, as the screen keeps it); and those
// of two more cards, one whose sale a training reset has deleted since, one the server refused.
vi.hoisted(() => {
  sessionStorage.setItem(
    'loyalty-terminal.cash-outs',
    JSON.stringify({
      state: {
        started: { 'cash:700100000009': 'co-1', 'cash:700100000010': 'co-gone', 'cash:700100000013': 'co-refused' },
        seen: [],
      },
      version: 1,
    }),
  );
  // Cash-out turned on, under €15.00.
  localStorage.setItem(
    'loyalty-terminal.settings',
    JSON.stringify({ state: { cashOut: { enabled: true, threshold: 1500 } }, version: 2 }),
  );
});
// The PIN each cash-out asks for is the gate's own test: here it lets the question through.
vi.mock('@/lib/manager/ManagerGate', () => ({ ManagerGate: ({ children }: { children: ReactNode }) => children }));

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

/** A gift card of €7.00, under the threshold: cash-out is offered. */
const small = (number: string): GiftCard => ({
  ...card,
  number,
  account: { net: 700, original: 700, floor: 0, authorized: 0 },
});
const show = (shown: GiftCard, outbox: Partial<OutboxHandle>) =>
  render(
    <TerminalContext.Provider value={terminal}>
      <OutboxContext.Provider
        value={{ resolveNow: async () => {}, tab: 'tab-1', ...outbox } as unknown as OutboxHandle}
      >
        <CashOutAction card={shown} />
      </OutboxContext.Provider>
    </TerminalContext.Provider>,
  );
const reads = (getSale: (id: string) => Promise<Sale | undefined>) =>
  ({ getSale, get: async () => undefined }) as unknown as OutboxHandle['reads'];
const cashOutStarted = (number: string) =>
  (
    JSON.parse(sessionStorage.getItem('loyalty-terminal.cash-outs') ?? '{}') as {
      state: { started: Record<string, string> };
    }
  ).state.started[`cash:${number}`];
const saidYes = async () => {
  fireEvent.click(await screen.findByRole('button', { name: 'Cash out €7.00' }));
  fireEvent.click(screen.getByRole('button', { name: 'Yes, cash out €7.00' }));
};

describe('a cash-out this tab remembers', () => {
  it('whose sale has gone (a training reset) is forgotten: the card offers its cash-out again, never "taking the balance" for ever', async () => {
    const getSale = vi.fn(async () => undefined);
    show(small('700100000010'), { perform: vi.fn(), reads: reads(getSale) });
    expect(await screen.findByRole('button', { name: 'Cash out €7.00' })).toBeTruthy();
    expect(getSale).toHaveBeenCalledWith('co-gone');
    expect(screen.queryByText(/Taking the balance/)).toBeNull();
    expect(cashOutStarted('700100000010')).toBeUndefined();
  });

  it('just started, and not yet read back, is not forgotten', async () => {
    const started = { ...committed, transactionId: 'co-new', status: 'open', closed: true } as Sale;
    const requesting = {
      ...started,
      lines: [{ ...committed.lines[0]!, number: '700100000011', state: { name: 'requesting' } }],
    } as Sale;
    let readBack = false;
    const perform = vi.fn(async () => started);
    show(small('700100000011'), {
      perform: perform as unknown as OutboxHandle['perform'],
      reads: reads(async () => (readBack ? requesting : undefined)),
    });
    await saidYes();
    await waitFor(() => expect(cashOutStarted('700100000011')).toBe('co-new'));
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(cashOutStarted('700100000011')).toBe('co-new');
    expect(screen.getByRole('status').textContent).toContain('Taking the balance from the card… Do not pay out yet.');
    expect(screen.queryByRole('button', { name: 'Cash out €7.00' })).toBeNull();
    readBack = true;
  });

  it('refused by the server says why in words, never an empty server sentence', async () => {
    const refused = {
      ...committed,
      transactionId: 'co-refused',
      status: 'voided',
      lines: [{ ...committed.lines[0]!, number: '700100000013', state: { name: 'failed', code: 'expired' } }],
    } as Sale;
    show(small('700100000013'), { perform: vi.fn(), reads: reads(async () => refused) });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(
      '✕ Nothing was taken from the card and nothing is to be paid out. Refused: the card has expired.',
    );
  });

  it('refused for lack of funds (spent elsewhere since it was read) says what the server said the card has', async () => {
    const refused = {
      ...committed,
      transactionId: 'co-refused',
      status: 'voided',
      lines: [
        {
          ...committed.lines[0]!,
          number: '700100000013',
          state: { name: 'failed', code: 'insufficient_funds', available: 500 },
        },
      ],
    } as Sale;
    show(small('700100000013'), { perform: vi.fn(), reads: reads(async () => refused) });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(
      '✕ Nothing was taken from the card and nothing is to be paid out. Refused: not enough on the card (available €5.00).',
    );
  });
});

describe('"Yes, cash out" that does not start a cash-out', () => {
  it('the records not written: said in an alert (nothing paid out), which takes the focus', async () => {
    const perform = vi.fn(() => Promise.reject(new Error('the records cannot be written')));
    show(small('700100000012'), {
      perform: perform as unknown as OutboxHandle['perform'],
      reads: reads(async () => undefined),
    });
    await saidYes();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(
      '✕ The terminal could not record the cash-out, so it was not started. Nothing was taken from the card and nothing is to be paid out.',
    );
    await waitFor(() => expect(document.activeElement).toBe(alert.parentElement));
    expect(screen.queryByText(/Pay out in cash/)).toBeNull();
    // Asked again, the old alert goes.
    fireEvent.click(screen.getByRole('button', { name: 'Cash out €7.00' }));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('refused by the check as it stands now (part of the balance held): said why', async () => {
    const perform = vi.fn(async () => 'held' as const);
    show(small('700100000014'), {
      perform: perform as unknown as OutboxHandle['perform'],
      reads: reads(async () => undefined),
    });
    await saidYes();
    expect((await screen.findByRole('alert')).textContent).toBe(
      '✕ Part of this card’s balance is held by a sale in progress: it can be cashed out once that sale has ended. Nothing was taken from the card and nothing is to be paid out.',
    );
  });
});
