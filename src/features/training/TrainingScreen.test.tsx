// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { translator } from '@/lib/i18n';
import { loadCatalog } from '@/lib/i18n/translate';
import { TerminalContext, type Terminal } from '@/lib/terminal-context';
import { testTerminal } from '@/test-support/test-terminal';
import type { ScenarioSeries } from '@/domain/training-scenario';
import { askedSeriesIssue, clearSeriesIssue } from '@/lib/issue-request';
import { useNavigationActions, useScreen } from '@/lib/navigation-store';
import { renderHook } from '@testing-library/react';
import { TrainingScreen } from './TrainingScreen';

/**
 * The trainer's panel over a simulator that records what it is told (`sent`) and answers what it is
 * set to do (`GET /_simulator/faults`): `setting`, as a screen opened after an earlier visit finds it.
 * `locale`: the terminal's (its amounts' format); the words are the settings' language (English here).
 */
function setUp(locale = 'de-DE', setting: Record<string, unknown> = {}, scenarioSeries: ScenarioSeries[] = []) {
  const sent: unknown[] = [];
  let now = setting;
  const fetch = (async (url: string, init?: RequestInit) => {
    if (init?.method !== 'POST') return new Response(JSON.stringify(now));
    const body = JSON.parse(String(init.body ?? '{}')) as Record<string, unknown>;
    sent.push(body);
    if (url.endsWith('/faults')) now = body;
    if (url.endsWith('/reset')) now = {};
    return new Response('{}');
  }) as unknown as typeof globalThis.fetch;
  // A German trainer's terminal: "1.500" is how 1 500 is grouped there.
  const terminal: Terminal = testTerminal(fetch, {
    locale,
    training: { scenarios: [], scenarioSeries },
  });
  render(
    <QueryClientProvider client={new QueryClient()}>
      <TerminalContext.Provider value={terminal}>
        <TrainingScreen />
      </TerminalContext.Provider>
    </QueryClientProvider>,
  );
  const latency = screen.getByLabelText('Added latency (ms)');
  const typed = (value: string) => fireEvent.change(latency, { target: { value } });
  return { sent, latency, typed, setting: () => now };
}

afterEach(cleanup);

describe("the trainer's latency", () => {
  it.each(['1.500', '1,5', '1e3', '0x20', '-5', '60001', '', 'abc'])(
    '"%s" is refused beside the field, and nothing is sent (neither by Apply nor with a failure)',
    async (value) => {
      const { sent, latency, typed } = setUp();
      typed(value);
      fireEvent.click(screen.getByRole('button', { name: 'Apply latency' }));
      const refusal = await screen.findByText('Enter a whole number from 0 to 60000.');
      expect(latency.getAttribute('aria-invalid')).toBe('true');
      expect(latency.getAttribute('aria-describedby')).toBe(refusal.id);
      fireEvent.click(screen.getByRole('button', { name: 'Set failure' }));
      await screen.findByText('Enter a whole number from 0 to 60000.');
      expect(sent).toEqual([]);
      expect(screen.queryByText(/Latency set to|will fail/)).toBeNull();
    },
  );

  it('digits within a minute are sent as typed, by Apply and with the next failure', async () => {
    const { sent, typed } = setUp();
    typed(' 1500 ');
    fireEvent.click(screen.getByRole('button', { name: 'Apply latency' }));
    expect(await screen.findByText('Latency set to 1500 ms.')).toBeTruthy();
    expect(sent).toEqual([{ latencyMs: 1500 }]);
    typed('60000');
    fireEvent.click(screen.getByRole('button', { name: 'Set failure' }));
    await screen.findByText(/will fail/);
    expect(sent[1]).toMatchObject({ latencyMs: 60000 });
  });
});

describe('latency and a failure together (the simulator keeps one setting)', () => {
  it('latency applied after a failure was set leaves the failure armed', async () => {
    const { typed, setting } = setUp('en-IE');
    fireEvent.click(screen.getByRole('button', { name: 'Set failure' }));
    await screen.findByText(/will fail/);
    typed('3000');
    fireEvent.click(screen.getByRole('button', { name: 'Apply latency' }));
    expect(await screen.findByText('Latency set to 3000 ms.')).toBeTruthy();
    expect(setting()).toMatchObject({ latencyMs: 3000, next: { count: 1, kind: 'error500' } });
  });

  it('the screen opened again shows the latency the simulator has, and a failure set then keeps it', async () => {
    const { latency, setting } = setUp('en-IE', { latencyMs: 3000 });
    await waitFor(() => expect((latency as HTMLInputElement).value).toBe('3000'));
    fireEvent.click(screen.getByRole('button', { name: 'Set failure' }));
    await screen.findByText(/will fail/);
    expect(setting()).toMatchObject({ latencyMs: 3000, next: { kind: 'error500' } });
  });
});

describe('the failure set, said with its count', () => {
  it('one request, or several (the plural form the count asks for)', async () => {
    setUp('en-IE');
    const failure = async (count: string, expected: string) => {
      fireEvent.change(screen.getByLabelText('How many times'), { target: { value: count } });
      fireEvent.click(screen.getByRole('button', { name: 'Set failure' }));
      expect((await screen.findByText(expected)).getAttribute('role')).toBe('status');
    };
    await failure('1', 'The next request of the kind “payment” will fail: Server error (500).');
    await failure('3', 'The next 3 requests of the kind “payment” will fail: Server error (500).');
  });

  it('in German: "die nächste Anfrage … schlägt fehl" for one, never "die nächsten 1 × … schlagen fehl"', async () => {
    await loadCatalog('de-DE');
    const german = translator('de-DE');
    const said = (count: number) =>
      german('trainingPanel.faultSet', {
        count,
        target: german('trainingPanel.target.any'),
        fault: german('trainingPanel.fault.error500'),
      });
    expect(said(1)).toBe('Die nächste Anfrage der Art „beliebige Anfrage“ schlägt fehl: Serverfehler (500).');
    expect(said(2)).toBe('Die nächsten 2 Anfragen der Art „beliebige Anfrage“ schlagen fehl: Serverfehler (500).');
  });
});

describe('a series scenario (issued by series: no number to scan)', () => {
  it('is one tap away, as the cards are: it opens Issue with that series chosen', () => {
    setUp('en-IE', {}, [{ seriesNumber: 'GC3', kind: 'giftCard', situation: 'livePrinted' }]);
    const screenNow = renderHook(() => useScreen());
    fireEvent.click(screen.getByRole('button', { name: /Printed gift card.*GC3|GC3/ }));
    screenNow.rerender();
    expect(screenNow.result.current).toBe('issue');
    expect(askedSeriesIssue()).toEqual({ kind: 'giftCard', series: 'GC3' });
    clearSeriesIssue();
    renderHook(() => useNavigationActions()).result.current.screenChosen('sale');
  });
});
