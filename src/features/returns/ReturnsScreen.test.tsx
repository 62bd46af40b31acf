// @vitest-environment jsdom
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { SeriesConfig } from '@/domain/instrument';
import { receiptReference } from '@/domain/sale';
import { outboxHarness } from '@/outbox/test/harness';
import { renderWithOutbox } from '@/test-support/render-with-outbox';
import { testTerminal } from '@/test-support/test-terminal';
import { ReturnsScreen } from './ReturnsScreen';

/** Card money goes back as store credit (none here: the sale was paid in cash). */
const series: SeriesConfig[] = [{ prefix: '7201', kind: 'storeCredit', seriesNumber: 'SC1', livePrinted: true }];

const stops: (() => void)[] = [];
afterEach(() => {
  cleanup();
  for (const stop of stops.splice(0)) stop();
});

describe('a return given back', () => {
  it('the form goes with the button pressed: the outcome takes the focus from the page', async () => {
    const t = outboxHarness();
    stops.push(() => t.sender.stop());
    const sale = await t.start(1250);
    await t.act({ type: 'tenderExternal', amount: 1250, method: 'cash' });
    await t.act({ type: 'complete' });
    await act(() => t.run());
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
  });
});
