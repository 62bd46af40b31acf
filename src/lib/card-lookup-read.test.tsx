// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { TerminalContext } from '@/lib/terminal-context';
import { testTerminal } from '@/test-support/test-terminal';
import { simulatedApi } from '@/test-support/simulated-api';
import { useCardLookup } from './card-lookup';

/** A screen that takes scans as the lookup and the tender do: the number, then what the server said. */
function Reader({ onReady }: { onReady: (submit: (raw: string) => void) => void }) {
  const lookup = useCardLookup();
  onReady(lookup.submit);
  return (
    <p>
      {lookup.target ? `scanned ${lookup.target.number}` : 'nothing scanned'}
      {lookup.answer ? `, available ${lookup.answer.account.net}` : ''}
    </p>
  );
}

function setUp() {
  const sim = simulatedApi();
  const fetch = sim.api.config.fetch ?? globalThis.fetch;
  const terminal = testTerminal(fetch, {
    series: [{ prefix: '7001', kind: 'giftCard', seriesNumber: 'GC1', livePrinted: false }],
  });
  let submit: (raw: string) => void = () => undefined;
  render(
    <QueryClientProvider client={new QueryClient()}>
      <TerminalContext.Provider value={terminal}>
        <Reader onReady={(s) => (submit = s)} />
      </TerminalContext.Provider>
    </QueryClientProvider>,
  );
  const reads = () => sim.sent.filter((r) => r.method === 'GET' && r.url.includes('/giftcards/700100000001')).length;
  return { scan: (raw: string) => submit(raw), reads };
}

afterEach(cleanup);

describe('a scanned card is read', () => {
  it('the read leaves with the scan, before the screen draws it, and only once', async () => {
    const { scan, reads } = setUp();
    await act(async () => {
      scan('7001 0000 0001');
      // Inside act nothing has rendered yet: the request is already on its way.
      await Promise.resolve();
      expect(reads()).toBe(1);
      expect(screen.getByText('nothing scanned')).toBeTruthy();
    });
    await waitFor(() => expect(screen.getByText('scanned 700100000001, available 5000')).toBeTruthy());
    // The screen's query joined the read under way rather than sending its own.
    expect(reads()).toBe(1);
  });

  it('the same card scanned again is read again', async () => {
    const { scan, reads } = setUp();
    await act(async () => scan('700100000001'));
    await waitFor(() => expect(screen.getByText('scanned 700100000001, available 5000')).toBeTruthy());
    await act(async () => scan('700100000001'));
    await waitFor(() => expect(reads()).toBe(2));
  });
});
