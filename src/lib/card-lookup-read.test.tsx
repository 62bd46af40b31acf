// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { TerminalContext } from '@/lib/terminal-context';
import { testTerminal } from '@/test-support/test-terminal';
import { simulatedApi } from '@/test-support/simulated-api';
import { defaultGuardRule, lookupGuard, useCardLookup } from './card-lookup';

/** A screen that takes scans as the lookup and the tender do: the number, then what the server said. */
function Reader({ onReady, onDrawn }: { onReady: (submit: (raw: string) => void) => void; onDrawn: () => void }) {
  const lookup = useCardLookup();
  onReady(lookup.submit);
  if (lookup.target) onDrawn();
  return (
    <p>
      {lookup.target ? `scanned ${lookup.target.number}` : 'nothing scanned'}
      {lookup.answer ? `, available ${lookup.answer.account.net}` : ''}
      {lookup.readFailed ? ', not read' : ''}
    </p>
  );
}

function setUp() {
  const sim = simulatedApi();
  const fetch = sim.api.config.fetch ?? globalThis.fetch;
  const terminal = testTerminal(fetch, {
    series: [{ prefix: '7001', kind: 'giftCard', seriesNumber: 'GC1', livePrinted: false }],
  });
  const reads = (number: string) =>
    sim.sent.filter((r) => r.method === 'GET' && r.url.includes(`/giftcards/${number}`)).length;
  let submit: (raw: string) => void = () => undefined;
  let readsWhenFirstDrawn: number | null = null;
  // Failures are not retried here (the terminal retries only transient ones): every GET is the terminal's own.
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <TerminalContext.Provider value={terminal}>
        <Reader onReady={(s) => (submit = s)} onDrawn={() => (readsWhenFirstDrawn ??= reads('700100000001'))} />
      </TerminalContext.Provider>
    </QueryClientProvider>,
  );
  return { scan: (raw: string) => submit(raw), reads, readsWhenFirstDrawn: () => readsWhenFirstDrawn, client, sim };
}

afterEach(() => {
  cleanup();
  lookupGuard.lifted();
  lookupGuard.ruleSaved(defaultGuardRule);
});

describe('a scanned card is read', () => {
  it('the read leaves with the scan, before the screen draws it, and only once', async () => {
    const { scan, reads, readsWhenFirstDrawn } = setUp();
    await act(async () => scan('7001 0000 0001'));
    expect(readsWhenFirstDrawn()).toBe(1);
    await waitFor(() => expect(screen.getByText('scanned 700100000001, available 5000')).toBeTruthy());
    // The screen's query joined the read under way rather than sending its own.
    expect(reads('700100000001')).toBe(1);
  });

  it('a scan that comes outside a key event (the camera, after an await) is read once, and an unknown number counts once', async () => {
    lookupGuard.ruleSaved({ limit: 2, windowMs: 60_000, pauseMs: 60_000 });
    const { scan, reads } = setUp();
    await act(async () => {
      await Promise.resolve();
      scan('7001 0000 0099');
      // The server's answer is back before React would have drawn the scan by itself.
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    await waitFor(() => expect(screen.getByText('scanned 700100000099, not read')).toBeTruthy());
    expect(reads('700100000099')).toBe(1);
    expect(lookupGuard.pausedUntil()).toBeNull();
  });

  it('the same card scanned again is read again', async () => {
    const { scan, reads } = setUp();
    await act(async () => scan('700100000001'));
    await waitFor(() => expect(screen.getByText('scanned 700100000001, available 5000')).toBeTruthy());
    await act(async () => scan('700100000001'));
    await waitFor(() => expect(reads('700100000001')).toBe(2));
  });
});

describe('the guard is the scope’s: training or the live server', () => {
  it('read again after an operation on the card, and that read fails: the figures from before are not the answer any more', async () => {
    const { scan, client, sim } = setUp();
    await act(async () => scan('700100000001'));
    await waitFor(() => expect(screen.getByText('scanned 700100000001, available 5000')).toBeTruthy());
    // A payment or cash-out on the card was answered (OutboxProvider drops what the screens hold of
    // it), and the server does not answer the read that follows.
    sim.app.faults.replace({ next: { count: 5, kind: 'unavailable', path: '/giftcards/700100000001' } });
    await act(async () => client.invalidateQueries());
    await waitFor(() => expect(screen.getByText('scanned 700100000001, not read')).toBeTruthy());
  });

  it('unknown numbers keyed in training pause training only: the live server’s lookups go on', async () => {
    lookupGuard.ruleSaved({ limit: 2, windowMs: 60_000, pauseMs: 60_000 });
    const sim = simulatedApi();
    const fetch = sim.api.config.fetch ?? globalThis.fetch;
    const series = [{ prefix: '7001', kind: 'giftCard' as const, seriesNumber: 'GC1', livePrinted: false }];
    const training = testTerminal(fetch, { series, scope: 'training' });
    const live = testTerminal(fetch, {
      series,
      mode: 'live',
      scope: `live|https://${crypto.randomUUID()}.test|demo|M1`,
    });
    const reads = (number: string) =>
      sim.sent.filter((r) => r.method === 'GET' && r.url.includes(`/giftcards/${number}`)).length;
    let trainee: (raw: string) => void = () => undefined;
    let cashier: (raw: string) => void = () => undefined;
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <section aria-label="training">
          <TerminalContext.Provider value={training}>
            <Reader onReady={(s) => (trainee = s)} onDrawn={() => undefined} />
          </TerminalContext.Provider>
        </section>
        <section aria-label="live">
          <TerminalContext.Provider value={live}>
            <Reader onReady={(s) => (cashier = s)} onDrawn={() => undefined} />
          </TerminalContext.Provider>
        </section>
      </QueryClientProvider>,
    );
    const inTraining = () => within(screen.getByRole('region', { name: 'training' }));
    const inLive = () => within(screen.getByRole('region', { name: 'live' }));
    // The trainee keys two numbers the server does not know: training's lookups pause.
    await act(async () => trainee('7001 0000 0097'));
    await waitFor(() => expect(inTraining().getByText('scanned 700100000097, not read')).toBeTruthy());
    await act(async () => trainee('7001 0000 0098'));
    await waitFor(() => expect(inTraining().getByText('scanned 700100000098, not read')).toBeTruthy());
    await act(async () => trainee('7001 0000 0001'));
    await waitFor(() => expect(inTraining().getByText('scanned 700100000001, not read')).toBeTruthy());
    expect(reads('700100000001')).toBe(0); // paused: nothing reached the server
    // The live server's cashier reads a card as ever.
    await act(async () => cashier('7001 0000 0001'));
    await waitFor(() => expect(inLive().getByText('scanned 700100000001, available 5000')).toBeTruthy());
    expect(reads('700100000001')).toBe(1);
  });
});
