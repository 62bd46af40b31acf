// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Sale } from '@/domain/sale';
import { startSale } from '@/domain/sale-flow';
import { TerminalContext, type Terminal } from '@/lib/terminal-context';
import { OpenSale } from './OpenSale';
import type { SaleControls } from './SaleScreen';

const inYen = { currency: 'JPY', locale: 'en-IE', mode: 'live', scope: 's' } as Terminal;
const controls = { start: vi.fn(), act: vi.fn(), resolve: vi.fn() } as unknown as SaleControls;

const show = (sale: Sale) =>
  render(
    <TerminalContext.Provider value={inYen}>
      <OpenSale sale={sale} controls={controls} failure={null} />
    </TerminalContext.Provider>,
  );

describe('a sale begun in euros, the server’s currency changed to yen since (another window)', () => {
  afterEach(cleanup);

  it('with no line yet: says why it takes no payment, and offers none', () => {
    show(startSale(5000, { scope: 's', owner: 'tab', currency: 'EUR' }, { now: new Date(), newId: () => 'tx' }));
    expect(screen.getByText(/This sale was started in EUR/)).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Pay with a card' })).toBeNull();
  });

  it('with a cash line: no payment, Complete off, Void on, every amount in euros', () => {
    const started = startSale(
      5000,
      { scope: 's', owner: 'tab', currency: 'EUR' },
      { now: new Date(), newId: () => 'tx' },
    );
    const cash = {
      id: 'c',
      kind: 'external',
      number: '',
      amount: 1250,
      method: 'cash',
      state: { name: 'recorded' },
    } as const;
    const sale = { ...started, lines: [cash] };
    show(sale);
    expect(screen.getByText(/This sale was started in EUR/)).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Pay with a card' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Complete sale' }).hasAttribute('disabled')).toBe(true);
    expect(screen.getByRole('button', { name: 'Void sale' }).hasAttribute('disabled')).toBe(false);
    expect(screen.getAllByText('€50.00').length).toBeGreaterThan(0);
    expect(screen.getAllByText('€12.50').length).toBeGreaterThan(0); // its line, as its totals
    expect(screen.queryByText(/¥/)).toBeNull();
  });
});

describe('a sale being voided while the server does not answer', () => {
  afterEach(cleanup);

  it('says the money goes back when the server answers, and offers the next sale', () => {
    const started = startSale(
      5000,
      { scope: 's', owner: 'tab', currency: 'JPY' },
      { now: new Date(), newId: () => 'tx' },
    );
    const canceling = {
      id: 'g',
      kind: 'storeCredit',
      number: '720100000001',
      amount: 2000,
      settleQueued: true,
      state: { name: 'canceling', authCode: 'A1', expires: '' },
    } as const;
    show({ ...started, status: 'voiding', lines: [canceling] });
    expect(screen.getByText(/the money goes back to each card as soon as it does/)).toBeTruthy();
    screen.getByRole('button', { name: 'Next sale' }).click();
    expect(controls.act).toHaveBeenCalledWith({ type: 'close' });
  });
});
