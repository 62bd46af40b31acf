// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Sale } from '@/domain/sale';
import { startSale } from '@/domain/sale-flow';
import { TerminalContext, type Terminal } from '@/lib/terminal-context';
import { simulatedApi } from '@/test-support/simulated-api';
import { testTerminal } from '@/test-support/test-terminal';
import { OpenSale } from './OpenSale';
import type { SaleControls } from './SaleScreen';

/**
 * Operation by keyboard alone: when what had the focus goes (a line removed, a card's payment
 * taken, the void question answered), the focus goes somewhere that follows, never to the page.
 */
const controls = { start: vi.fn(), act: vi.fn(async () => {}), resolve: vi.fn() } as unknown as SaleControls;
const cash = (id: string, amount: number) =>
  ({ id, kind: 'external', number: '', amount, method: 'cash', state: { name: 'recorded' } }) as const;
const saleOf = (terminal: Terminal, lines: Sale['lines'] = []): Sale => ({
  ...startSale(5000, { scope: terminal.scope, owner: 'tab', currency: 'EUR' }, { now: new Date(), newId: () => 'tx' }),
  lines: [...lines],
});

function setUp(fetch: typeof globalThis.fetch = async () => new Response('{}', { status: 500 })) {
  const terminal = testTerminal(fetch, {
    mode: 'live',
    series: [{ prefix: '7001', kind: 'giftCard', seriesNumber: 'GC1', livePrinted: false }],
  });
  const queries = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const screenOf = (sale: Sale) => (
    <QueryClientProvider client={queries}>
      <TerminalContext.Provider value={terminal}>
        <OpenSale sale={sale} controls={controls} failure={null} />
      </TerminalContext.Provider>
    </QueryClientProvider>
  );
  return { terminal, screenOf };
}

describe('where the focus goes on the sale screen', () => {
  afterEach(cleanup);

  it('"No" in the void question, or Escape, gives the focus back to Void sale', async () => {
    const user = userEvent.setup();
    const { terminal, screenOf } = setUp();
    render(screenOf(saleOf(terminal, [cash('a', 2000), cash('b', 3000)])));
    screen.getByRole('button', { name: 'Void sale' }).focus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('alertdialog').contains(document.activeElement)).toBe(true);
    await user.keyboard('{Enter}'); // No
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Void sale' }));

    await user.keyboard('{Enter}');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Void sale' }));
  });

  it('a line removed: the focus goes to the list of tenders', async () => {
    const user = userEvent.setup();
    const { terminal, screenOf } = setUp();
    const { rerender } = render(screenOf(saleOf(terminal, [cash('a', 2000), cash('b', 3000)])));
    screen.getAllByRole('button', { name: /^Remove / })[0]?.focus();
    await user.keyboard('{Enter}');
    expect(controls.act).toHaveBeenCalledWith({ type: 'removeLine', lineId: 'a' });
    rerender(screenOf(saleOf(terminal, [cash('b', 3000)]))); // the projection's sale without it
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Tenders' }));
  });

  it('a card’s payment taken: the focus goes to the list of tenders, where its line appears', async () => {
    const sim = simulatedApi();
    const { screenOf, terminal } = setUp(sim.api.config.fetch);
    render(screenOf(saleOf(terminal)));
    const number = screen.getByRole('textbox', { name: 'Card number' });
    fireEvent.change(number, { target: { value: '700100000001' } });
    fireEvent.submit(number.closest('form') as HTMLFormElement);
    const amount = await screen.findByLabelText('Amount to take from this card');
    await waitFor(() => expect(document.activeElement).toBe(amount));
    await userEvent.setup().keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByLabelText('Amount to take from this card')).toBeNull());
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Tenders' }));
  });
});
