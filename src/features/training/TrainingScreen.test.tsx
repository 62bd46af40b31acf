// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { TerminalContext, type Terminal } from '@/lib/terminal-context';
import { testTerminal } from '@/test-support/test-terminal';
import { TrainingScreen } from './TrainingScreen';

/** The trainer's panel over a simulator that records what it is told (`sent`). */
function setUp() {
  const sent: unknown[] = [];
  const fetch = (async (_url: string, init?: RequestInit) => {
    sent.push(JSON.parse(String(init?.body ?? '{}')));
    return new Response('{}');
  }) as unknown as typeof globalThis.fetch;
  // A German trainer's terminal: "1.500" is how 1 500 is grouped there.
  const terminal: Terminal = testTerminal(fetch, {
    locale: 'de-DE',
    training: { scenarios: [], scenarioSeries: [] },
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
  return { sent, latency, typed };
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
