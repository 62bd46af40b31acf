// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TerminalContext, type Terminal } from '@/lib/terminal-context';
import { OutboxContext, type OutboxHandle } from '@/outbox/projection';
import { SaleSearch } from './SaleSearch';

const terminal = { currency: 'EUR', locale: 'en-IE', mode: 'live', scope: 's' } as Terminal;

afterEach(cleanup);

describe("the journal's search for a sale to take back", () => {
  it('"none matches" is said in a status region that was there before the answer, and again for each search', async () => {
    const salesStartedBetween = vi.fn(async () => []);
    const outbox = { reads: { salesStartedBetween } } as unknown as OutboxHandle;
    render(
      <TerminalContext.Provider value={terminal}>
        <OutboxContext.Provider value={outbox}>
          <SaleSearch />
        </OutboxContext.Provider>
      </TerminalContext.Provider>,
    );
    // A region added with its words is not read out everywhere: it waits, empty, for the answer.
    const region = screen.getByRole('status');
    expect(region.textContent).toBe('');
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(region.textContent).toBe('No completed sale matches.'));

    // Searched again with the same answer: the words are added anew, so they are said again.
    const added: string[] = [];
    const watch = new MutationObserver((records) =>
      records.forEach((r) => r.addedNodes.forEach((node) => added.push(node.textContent ?? ''))),
    );
    watch.observe(region, { childList: true, subtree: true });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(added).toEqual(['No completed sale matches.']));
    watch.disconnect();
    expect(salesStartedBetween).toHaveBeenCalledTimes(2);
    expect(screen.getByRole('status')).toBe(region);
  });

  it('a sale found is shown in its own currency (one kept before sales had one: the terminal’s)', async () => {
    const sale = (id: string, due: number, currency?: string) => ({
      transactionId: id,
      due,
      lines: [],
      status: 'completed',
      startedAt: new Date().toISOString(),
      ...(currency ? { currency } : {}),
    });
    const salesStartedBetween = vi.fn(async () => [sale('t-yen', 1500, 'JPY'), sale('t-old', 1250)]);
    const outbox = { reads: { salesStartedBetween } } as unknown as OutboxHandle;
    render(
      <TerminalContext.Provider value={terminal}>
        <OutboxContext.Provider value={outbox}>
          <SaleSearch />
        </OutboxContext.Provider>
      </TerminalContext.Provider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    const found = await screen.findByRole('list', { name: 'Sales found' });
    const [yen, old] = within(found).getAllByRole('listitem');
    expect(yen?.textContent).toContain('JP¥1,500');
    expect(yen?.textContent).not.toContain('€');
    expect(old?.textContent).toContain('€12.50');

    // Searched by amount, typed in the terminal's euros: 15.00 is not the ¥1,500 sale.
    fireEvent.change(screen.getByLabelText(/Amount/), { target: { value: '15' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(screen.queryByRole('list', { name: 'Sales found' })).toBeNull());
    fireEvent.change(screen.getByLabelText(/Amount/), { target: { value: '12.50' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    const byAmount = await screen.findByRole('list', { name: 'Sales found' });
    expect(
      within(byAmount)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([expect.stringContaining('€12.50')]);
  });
});
