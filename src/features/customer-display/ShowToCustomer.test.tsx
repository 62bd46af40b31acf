// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { startSale } from '@/domain/sale-flow';
import { TerminalContext, type Terminal } from '@/lib/terminal-context';
import { ShowToCustomer } from './ShowToCustomer';

const terminal = { currency: 'EUR', locale: 'en-IE', mode: 'live', scope: 's' } as Terminal;
const sale = startSale(4500, { scope: 's', owner: 'tab', currency: 'EUR' }, { now: new Date(), newId: () => 'tx' });

afterEach(cleanup);

describe('the sale shown to the customer on the same tablet', () => {
  it('back to the cashier, the focus is on "Show to customer", though the tap that showed it did not focus it', () => {
    render(
      <TerminalContext.Provider value={terminal}>
        <ShowToCustomer sale={sale} />
      </TerminalContext.Provider>,
    );
    // A tap in Safari does not focus the button it lands on: the focus is on the page's body.
    fireEvent.click(screen.getByRole('button', { name: 'Show to customer' }));
    const shown = screen.getByRole('dialog', { name: 'Customer display' });
    expect(shown.contains(document.activeElement)).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Back to the cashier' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Show to customer' }));
  });
});
