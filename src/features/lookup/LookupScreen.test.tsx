// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TerminalContext } from '@/lib/terminal-context';
import { testTerminal } from '@/test-support/test-terminal';
import { simulatedApi } from '@/test-support/simulated-api';
import { openOutboxDb } from '@/outbox/db';
import { OutboxContext, type OutboxHandle } from '@/outbox/projection';
import { createReadModel } from '@/outbox/read-model';
import { defaultGuardRule, guardOf, lookupGuard } from '@/lib/card-lookup';
import { LookupScreen } from './LookupScreen';

/**
 * The lookup screen over the simulator, each read of the card held until the test lets it go (or
 * fails it): what the cashier sees while the same card is read again.
 */
function setUp() {
  const gates: { release: () => void; fail: () => void }[] = [];
  const sim = simulatedApi({}, undefined, (request) =>
    request.method === 'GET' && request.url.includes('/giftcards/')
      ? new Promise<void>((release, fail) =>
          gates.push({ release: () => release(), fail: () => fail(new TypeError('Failed to fetch')) }),
        )
      : undefined,
  );
  const fetch = sim.api.config.fetch ?? globalThis.fetch;
  const terminal = testTerminal(fetch, {
    series: [{ prefix: '7001', kind: 'giftCard', seriesNumber: 'GC1', livePrinted: false }],
  });
  // The card's actions (cash-out, un-issue) read the journal; this test takes no money.
  const db = openOutboxDb(`lookup-${crypto.randomUUID()}`);
  const outbox = {
    perform: vi.fn(() => Promise.reject(new Error('no money is taken here'))),
    reads: createReadModel(() => db, terminal.scope),
    resolveNow: async () => {},
    tab: 'tab-1',
  } as unknown as OutboxHandle;
  // Failures are not retried here: a failed read is the screen's to show at once.
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <TerminalContext.Provider value={terminal}>
        <OutboxContext.Provider value={outbox}>
          <LookupScreen />
        </OutboxContext.Provider>
      </TerminalContext.Provider>
    </QueryClientProvider>,
  );
  const key = (number: string) => {
    fireEvent.change(screen.getByRole('textbox', { name: 'Card number' }), { target: { value: number } });
    fireEvent.submit(screen.getByRole('textbox', { name: 'Card number' }).closest('form')!);
  };
  /** Another till holds part of the card (the server's figures change behind this screen). */
  const holdElsewhere = (minor: number) =>
    sim.api.giftCards.pay('700100000001', minor, { transactionId: crypto.randomUUID(), reason: 'Sale' });
  return { key, gates, holdElsewhere, terminal, client, db };
}

const clock = /\d{1,2}:\d{2}:\d{2}/.source;

afterEach(() => {
  cleanup();
  lookupGuard.ruleSaved(defaultGuardRule);
});

describe('the same card read again at the lookup', () => {
  it('shows what was read before, marked with its time, until the answer; a failed read says so and offers another', async () => {
    const { key, gates, holdElsewhere } = setUp();
    key('7001 0000 0001');
    await waitFor(() => expect(gates).toHaveLength(1));
    gates[0]!.release();
    const available = await screen.findByLabelText('Available', { exact: true });
    expect(available.textContent).toBe('€50.00');
    expect(screen.queryByText(/Reading the card again/)).toBeNull();
    await holdElsewhere(2000);

    // Scanned again: the figures already on screen are not the answer to this scan.
    key('7001 0000 0001');
    await waitFor(() => expect(gates).toHaveLength(2));
    expect(
      await screen.findByText(
        new RegExp(`^Reading the card again… what was read at ${clock} is shown until the server answers\\.$`),
      ),
    ).toBeTruthy();
    expect(screen.getByLabelText('Available', { exact: true }).textContent).toBe('€50.00');
    expect(screen.queryByRole('button', { name: 'Print balance slip' })).toBeNull();
    gates[1]!.release();
    await waitFor(() => expect(screen.queryByText(/Reading the card again/)).toBeNull());
    expect(screen.getByLabelText('Available', { exact: true }).textContent).toBe('€30.00');
    await holdElsewhere(500);
    expect(await screen.findByRole('button', { name: 'Print balance slip' })).toBeTruthy();

    // Scanned again, and this read fails: the older figures stay, said to be old, with a way to read again.
    key('7001 0000 0001');
    await waitFor(() => expect(gates).toHaveLength(3));
    gates[2]!.fail();
    const failed = await screen.findByText(new RegExp(`^Could not refresh: showing what was read at ${clock}\\.$`));
    const old = failed.closest('.instrument-old') as HTMLElement;
    expect(within(old).getByLabelText('Available', { exact: true }).textContent).toBe('€30.00');
    fireEvent.click(within(old).getByRole('button', { name: 'Read again' }));
    await waitFor(() => expect(gates).toHaveLength(4));
    gates[3]!.release();
    await waitFor(() => expect(screen.queryByText(/Reading the card again|Could not refresh/)).toBeNull());
    expect(screen.getByLabelText('Available', { exact: true }).textContent).toBe('€25.00');
  });
});

describe('a card read again after an operation on it, and that read fails', () => {
  it('what was done stays said (the un-issue), the figures are marked old, and nothing new starts from them', async () => {
    const { key, gates, terminal, client, db } = setUp();
    // This tab un-issued the card a moment ago: its record answered, its outcome kept for the screen.
    const at = new Date().toISOString();
    await (
      await db
    ).put('operations', {
      id: 'un-1',
      scope: terminal.scope,
      training: true,
      transactionId: 't-1',
      reason: 'Issue undone',
      request: { type: 'giftCard.unissue', number: '700100000001' },
      status: 'succeeded',
      attempts: 1,
      createdAt: at,
      updatedAt: at,
      settledAt: at,
      result: { kind: 'giftCard', number: '700100000001' },
    } as never);
    sessionStorage.setItem(`loyalty-terminal.operation:${terminal.scope}:unissue:giftCard:700100000001`, 'un-1');
    key('7001 0000 0001');
    await waitFor(() => expect(gates).toHaveLength(1));
    gates[0]!.release();
    expect(await screen.findByText('Gift card 7001 0000 0001 is un-issued.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Print balance slip' })).toHaveProperty('disabled', false);

    // The answer has the screens read the card again (OutboxProvider), and the server does not answer.
    void client.invalidateQueries();
    await waitFor(() => expect(gates).toHaveLength(2));
    gates[1]!.fail();
    expect(
      await screen.findByText(new RegExp(`^Could not refresh: showing what was read at ${clock}\\.$`)),
    ).toBeTruthy();
    expect(screen.getByText('Gift card 7001 0000 0001 is un-issued.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Print balance slip' })).toHaveProperty('disabled', true);
  });
});

describe('a card read before, read again while lookups are paused', () => {
  it('says lookups are paused, with the manager’s lift, beside the older figures marked as older', async () => {
    const { key, gates, terminal } = setUp();
    key('7001 0000 0001');
    await waitFor(() => expect(gates).toHaveLength(1));
    gates[0]!.release();
    expect((await screen.findByLabelText('Available', { exact: true })).textContent).toBe('€50.00');

    // Someone guessed numbers on this terminal: its lookups are paused.
    lookupGuard.ruleSaved({ limit: 1, windowMs: 60_000, pauseMs: 600_000 });
    guardOf(terminal.scope).missed();
    key('7001 0000 0001');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toMatch(/^✕ Lookups are paused until .+ A manager can lift the pause\./);
    expect(within(alert).getByRole('button', { name: 'Lift the pause' })).toBeTruthy();
    const old = screen.getByText(new RegExp(`^Could not refresh: showing what was read at ${clock}\\.$`));
    expect(
      within(old.closest('.instrument-old') as HTMLElement).getByLabelText('Available', { exact: true }).textContent,
    ).toBe('€50.00');
    // Nothing is sent while paused; no "Read again" that would only fail the same way.
    expect(gates).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Read again' })).toBeNull();
    guardOf(terminal.scope).lifted();
  });
});
