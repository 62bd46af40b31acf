// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, waitFor } from '@testing-library/react';
import { useEffect } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { TerminalContext } from '@/lib/terminal-context';
import { testTerminal } from '@/test-support/test-terminal';
import { simulatedApi } from '@/test-support/simulated-api';
import { OutboxProvider } from '../OutboxProvider';
import { useOutbox } from '../projection';

/**
 * The provider under React's StrictMode (configured for every component test): mounted, unmounted
 * and mounted again before anything happens. Its sender must still send, once.
 */
function PayOnce({ onSale }: { onSale: (transactionId: string) => void }) {
  const { perform } = useOutbox();
  useEffect(() => {
    let live = true;
    void (async () => {
      await new Promise((resolve) => setTimeout(resolve, 20)); // after StrictMode's second mount
      if (!live) return;
      const sale = await perform({ type: 'startSale', due: 1500 });
      if (sale === 'busy') throw new Error('a sale is already on this window’s screen');
      await perform({
        type: 'saleAction',
        transactionId: sale.transactionId,
        action: { type: 'tender', kind: 'giftCard', number: '700100000001', amount: 1500 },
      });
      onSale(sale.transactionId);
    })();
    return () => {
      live = false;
    };
  }, [perform, onSale]);
  return null;
}

describe('the outbox provider under StrictMode', () => {
  afterEach(cleanup);

  it('sends after being mounted twice, and sends each payment once', async () => {
    const sim = simulatedApi();
    const pays = () => sim.sent.filter((r) => r.url.endsWith('/_pay')).length;
    let saleId = '';
    render(
      <QueryClientProvider client={new QueryClient()}>
        <TerminalContext.Provider value={testTerminal(sim.api.config.fetch ?? globalThis.fetch)}>
          <OutboxProvider>
            <PayOnce onSale={(id) => (saleId = id)} />
          </OutboxProvider>
        </TerminalContext.Provider>
      </QueryClientProvider>,
    );
    await waitFor(() => expect(saleId).not.toBe(''));
    await waitFor(() => expect(sim.state().authorizations.filter((a) => a.status === 'pending')).toHaveLength(1), {
      timeout: 3000,
    });
    expect(pays()).toBe(1);
    expect(sim.state().authorizations[0]).toMatchObject({ amount: 15, status: 'pending' });
  });
});
