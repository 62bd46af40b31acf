// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startSale } from '@/domain/sale-flow';
import { TerminalContext, type Terminal } from '@/lib/terminal-context';
import { OpenSale } from './OpenSale';
import type { SaleControls } from './SaleScreen';

const inYen = { currency: 'JPY', locale: 'en-IE', mode: 'live', scope: 's' } as Terminal;
const controls = { start: vi.fn(), act: vi.fn(), resolve: vi.fn() } as unknown as SaleControls;

describe('a sale begun in euros, the server’s currency changed to yen since (another window)', () => {
  afterEach(cleanup);

  it('takes no payment, says why even with no line, and shows its own amounts in euros', () => {
    const sale = startSale(5000, { scope: 's', owner: 'tab', currency: 'EUR' }, { now: new Date(), newId: () => 'tx' });
    render(
      <TerminalContext.Provider value={inYen}>
        <OpenSale sale={sale} controls={controls} failure={null} />
      </TerminalContext.Provider>,
    );
    expect(screen.getByText(/This sale was started in EUR/)).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Pay with a card' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Complete sale' }).hasAttribute('disabled')).toBe(true);
    expect(screen.getByRole('button', { name: 'Void sale' }).hasAttribute('disabled')).toBe(false);
    expect(screen.getAllByText('€50.00').length).toBeGreaterThan(0);
  });
});
