// @vitest-environment jsdom
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { SeriesConfig } from '@/domain/instrument';
import { receiptReference } from '@/domain/sale';
import { outboxHarness } from '@/outbox/test/harness';
import { renderWithOutbox } from '@/test-support/render-with-outbox';
import { testTerminal } from '@/test-support/test-terminal';
import { ReturnsScreen } from './ReturnsScreen';
import { useShownReturns } from './shown-return';

/** Card money goes back as store credit (none here: the sale was paid in cash). */
const series: SeriesConfig[] = [{ prefix: '7201', kind: 'storeCredit', seriesNumber: 'SC1', livePrinted: true }];

const stops: (() => void)[] = [];
afterEach(() => {
  cleanup();
  for (const stop of stops.splice(0)) stop();
  useShownReturns.setState({}, true); // each test's desk starts with no outcome shown
});

/** A sale of €12.50 paid in cash and completed, on a harness stopped after the test. */
async function paidInCash() {
  const t = outboxHarness();
  stops.push(() => t.sender.stop());
  const sale = await t.start(1250);
  await t.act({ type: 'tenderExternal', amount: 1250, method: 'cash' });
  await t.act({ type: 'complete' });
  await act(() => t.run());
  return { t, sale };
}

describe('a return given back', () => {
  it('the form goes with the button pressed: the outcome takes the focus from the page', async () => {
    const { t, sale } = await paidInCash();
    const user = userEvent.setup();
    renderWithOutbox(<ReturnsScreen />, {
      terminal: testTerminal(globalThis.fetch, { series }),
      perform: t.perform,
      reads: t.reads,
    });
    await user.type(screen.getByLabelText('Receipt reference'), `${receiptReference(sale.transactionId)}{Enter}`);
    // All of it (below the manager's amount: no question), cash given back at the till.
    await user.click(await screen.findByRole('button', { name: 'Give back' }));
    const outcome = await screen.findByText('Given back:', { exact: false });
    expect(outcome.textContent).toContain('€12.50');
    // It takes the focus in the effects after the outcome is drawn.
    await waitFor(() => expect(document.activeElement).toBe(outcome));
    // Next return: the reference field is back, and has the focus the button had, for the next receipt.
    await user.click(screen.getByRole('button', { name: 'Next return' }));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Receipt reference')));
  });

  it('the outcome stays while another screen is on (a till’s sale took the screen), until Next return', async () => {
    const { t, sale } = await paidInCash();
    const user = userEvent.setup();
    const terminal = testTerminal(globalThis.fetch, { series });
    const desk = () => renderWithOutbox(<ReturnsScreen />, { terminal, perform: t.perform, reads: t.reads });
    const first = desk();
    await user.type(screen.getByLabelText('Receipt reference'), `${receiptReference(sale.transactionId)}{Enter}`);
    await user.click(await screen.findByRole('button', { name: 'Give back' }));
    expect((await screen.findByText('Given back:', { exact: false })).textContent).toContain('€12.50');
    first.unmount(); // the sale screen takes its place
    desk();
    expect((await screen.findByText('Given back:', { exact: false })).textContent).toContain('€12.50');
    await user.click(screen.getByRole('button', { name: 'Next return' }));
    cleanup();
    desk();
    expect(screen.getByLabelText('Receipt reference')).toBeTruthy();
    expect(screen.queryByText('Given back:', { exact: false })).toBeNull();
  });

  it('kept for the cashier who gave it back: another signed on after them starts from an empty desk', async () => {
    const { t, sale } = await paidInCash();
    const user = userEvent.setup();
    const terminal = { ...testTerminal(globalThis.fetch, { series }), operatorId: 'c7' };
    const first = renderWithOutbox(<ReturnsScreen />, { terminal, perform: t.perform, reads: t.reads });
    await user.type(screen.getByLabelText('Receipt reference'), `${receiptReference(sale.transactionId)}{Enter}`);
    await user.click(await screen.findByRole('button', { name: 'Give back' }));
    await screen.findByText('Given back:', { exact: false });
    first.unmount();
    renderWithOutbox(<ReturnsScreen />, {
      terminal: { ...terminal, operatorId: 'c8' },
      perform: t.perform,
      reads: t.reads,
    });
    expect(screen.getByLabelText('Receipt reference')).toBeTruthy();
    expect(screen.queryByText('Given back:', { exact: false })).toBeNull();
  });

  it('money still on its way back: Next return waits for it, unless the cashier left the outcome for another screen once', async () => {
    const t = outboxHarness();
    stops.push(() => t.sender.stop());
    const sale = await t.start(1250);
    await t.act({ type: 'tender', kind: 'giftCard', number: '700100000001', amount: 1250, availableBefore: 5000 });
    await act(() => t.run());
    await t.act({ type: 'complete' });
    await act(() => t.run());
    t.sender.stop(); // the store credit's issue waits: the server does not answer now
    const user = userEvent.setup();
    const terminal = testTerminal(globalThis.fetch, { series });
    const desk = () => renderWithOutbox(<ReturnsScreen />, { terminal, perform: t.perform, reads: t.reads });
    const first = desk();
    await user.type(screen.getByLabelText('Receipt reference'), `${receiptReference(sale.transactionId)}{Enter}`);
    await user.click(await screen.findByRole('button', { name: 'Give back' }));
    await screen.findByText('Giving back…', { exact: false });
    expect(screen.getByRole('button', { name: 'Next return' }).hasAttribute('disabled')).toBe(true);
    first.unmount();
    desk();
    await screen.findByText('Giving back…', { exact: false });
    await user.click(screen.getByRole('button', { name: 'Next return' }));
    expect(screen.getByLabelText('Receipt reference')).toBeTruthy();
  });
});

describe('a give back refused, with no question asked first', () => {
  it('Give back is greyed out while it is sent, and takes the focus back with the refusal', async () => {
    const { t, sale } = await paidInCash();
    // The return's write answers a refusal, once the test lets it.
    let answer: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (answer = resolve));
    const perform = (async (intent: Parameters<typeof t.perform>[0]) => {
      if (intent.type !== 'startReturn') return t.perform(intent);
      await held;
      return 'settling';
    }) as typeof t.perform;
    const user = userEvent.setup();
    renderWithOutbox(<ReturnsScreen />, {
      terminal: testTerminal(globalThis.fetch, { series }),
      perform,
      reads: t.reads,
    });
    await user.type(screen.getByLabelText('Receipt reference'), `${receiptReference(sale.transactionId)}{Enter}`);
    const giveBack = await screen.findByRole<HTMLButtonElement>('button', { name: 'Give back' });
    await user.click(giveBack);
    await waitFor(() => expect(giveBack.disabled).toBe(true));
    // A browser takes the focus from a button greyed out, to the page (jsdom keeps it there): as if.
    const elsewhere = document.body.appendChild(document.createElement('button'));
    elsewhere.focus();
    elsewhere.remove();
    await act(async () => answer());
    expect(await screen.findByRole('alert')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(giveBack));
  });
});

describe('a sale kept in another currency than the terminal’s now', () => {
  it('shows its amounts in its own currency, offers no amount in today’s, and says why at once', async () => {
    // Sold for ¥1,500 in cash; the terminal has since moved to euros.
    const t = outboxHarness({ currency: 'JPY' });
    stops.push(() => t.sender.stop());
    const sale = await t.start(1500);
    await t.act({ type: 'tenderExternal', amount: 1500, method: 'cash' });
    await t.act({ type: 'complete' });
    await act(() => t.run());
    const user = userEvent.setup();
    renderWithOutbox(<ReturnsScreen />, {
      terminal: testTerminal(globalThis.fetch, { series, currency: 'EUR' }),
      perform: t.perform,
      reads: t.reads,
    });
    await user.type(screen.getByLabelText('Receipt reference'), `${receiptReference(sale.transactionId)}{Enter}`);
    const table = await screen.findByRole('table');
    // Paid and can give back: yen, never "€15.00".
    expect(within(table).getAllByText('JP¥1,500')).toHaveLength(2);
    expect(within(table).getByText('JP¥0')).toBeTruthy();
    expect(document.body.textContent).not.toContain('€');
    // No amount in euros put ready to be given back: the refusal in words instead, before any press.
    expect(screen.queryByLabelText('Amount to give back (EUR)')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Give back' })).toBeNull();
    expect(screen.getByRole('alert').textContent).toContain('This sale was made in another currency');
  });

  it('a sale kept before sales had a currency is in the terminal’s: its amount offered as before', async () => {
    const { t, sale } = await paidInCash();
    const user = userEvent.setup();
    renderWithOutbox(<ReturnsScreen />, {
      terminal: testTerminal(globalThis.fetch, { series }),
      perform: t.perform,
      reads: t.reads,
    });
    await user.type(screen.getByLabelText('Receipt reference'), `${receiptReference(sale.transactionId)}{Enter}`);
    expect(within(await screen.findByRole('table')).getAllByText('€12.50')).toHaveLength(2);
    expect((screen.getByLabelText('Amount to give back (EUR)') as HTMLInputElement).value).toBe('12.50');
    expect(screen.getByRole('button', { name: 'Give back' })).toBeTruthy();
  });
});
