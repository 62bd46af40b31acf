// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TerminalContext, type Terminal } from '@/lib/terminal-context';
import { CashOutForm } from './CashOutForm';
import { ReturnPolicyForm } from './ReturnPolicyForm';

// In training: the terminal's money is the simulator's euros; the live server's is yen.
const training = { currency: 'EUR', locale: 'en-IE', mode: 'training', scope: 'training' } as Terminal;
// The live server's settings, kept as the terminal keeps them, before the store reads them.
vi.hoisted(() => {
  const server = {
    baseUrl: 'https://loyalty.example.com',
    token: 't',
    loyaltyGroup: 'demo',
    merchantId: 'M1',
    storeId: 1,
    workstationId: 3,
    operatorId: 'c7',
    currency: 'JPY',
    timeoutSeconds: 10,
    series: [],
  };
  localStorage.setItem(
    'loyalty-terminal.settings',
    JSON.stringify({
      state: {
        mode: 'training',
        server,
        cashOut: { enabled: true, threshold: 1000 },
        returns: { way: 'storeCredit', pinAbove: 5000 },
      },
      version: 2,
    }),
  );
});
const kept = () =>
  (
    JSON.parse(localStorage.getItem('loyalty-terminal.settings') ?? '{}') as {
      state: { cashOut: { threshold: number } };
    }
  ).state;

const inTraining = (form: React.ReactNode) =>
  render(<TerminalContext.Provider value={training}>{form}</TerminalContext.Provider>);

describe('the amounts kept for the live server, set while the terminal is in training', () => {
  afterEach(cleanup);

  it('the cash-out threshold is in the live server’s currency, not the training euros', async () => {
    inTraining(<CashOutForm />);
    const field = screen.getByLabelText('Balances under (JPY)');
    expect((field as HTMLInputElement).value).toBe('1000');
    fireEvent.change(field, { target: { value: '1000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save cash-out' }));
    await screen.findByText('Cash-out saved.');
    expect(kept().cashOut.threshold).toBe(1000); // ¥1,000, not ¥100,000
  });

  it('so is the amount above which a return asks for the manager', async () => {
    inTraining(<ReturnPolicyForm />);
    await waitFor(() => expect(screen.getByDisplayValue('5000')).toBeTruthy());
  });

  it.each([
    ['the cash-out threshold', <CashOutForm key="c" />, 'Balances under (JPY)', 'Save cash-out'],
    [
      'the return’s PIN amount',
      <ReturnPolicyForm key="r" />,
      'A return above this asks for the manager’s PIN (JPY)',
      'Save return rules',
    ],
  ])('%s typed ambiguously is asked about in yen, the currency it is read in', async (_, form, label, save) => {
    inTraining(form);
    fireEvent.change(screen.getByLabelText(label), { target: { value: '5.000' } });
    fireEvent.click(screen.getByRole('button', { name: save }));
    const refusal = await screen.findByRole('alert');
    // Not €0.05 or €50.00: the training euros are not what the amount is kept in.
    expect(refusal.textContent).toMatch(/^Did you mean JP¥5 or JP¥5,000\?/);
  });
});
