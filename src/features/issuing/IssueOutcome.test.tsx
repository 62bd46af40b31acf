// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SeriesConfig } from '@/domain/instrument';
import { TerminalContext } from '@/lib/terminal-context';
import { outboxHarness } from '@/outbox/test/harness';
import { renderWithOutbox } from '@/test-support/render-with-outbox';
import { testTerminal } from '@/test-support/test-terminal';
import { IssueOutcome } from './IssueOutcome';
import { IssueFromSeries } from './tasks';

afterEach(cleanup);

/** A series of gift cards printed as they are issued: the server gives the number. */
const printed: SeriesConfig[] = [{ prefix: '7003', kind: 'giftCard', seriesNumber: 'GC3', livePrinted: true }];

describe('an issue the server refused', () => {
  it('says why, and the next issue is one tap away', () => {
    const onNext = vi.fn();
    render(
      <TerminalContext.Provider value={testTerminal(globalThis.fetch)}>
        <IssueOutcome
          kind="giftCard"
          state={{ phase: 'refused', id: 'op1', error: { code: 'series_exhausted', message: '' } }}
          onResolve={() => undefined}
          onNext={onNext}
          followRef={() => undefined}
        />
      </TerminalContext.Provider>,
    );
    expect(screen.getByRole('alert').textContent).not.toBe('');
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(onNext).toHaveBeenCalledTimes(1);
  });
});

describe('an issue refused for a number the server does not know', () => {
  it('names the kind of card being issued, in a sentence (a loyalty card is not called a gift card)', () => {
    render(
      <TerminalContext.Provider value={testTerminal(globalThis.fetch)}>
        <IssueOutcome
          kind="loyaltyCard"
          state={{ phase: 'refused', id: 'op1', error: { code: 'not_found', message: '' } }}
          onResolve={() => undefined}
          onNext={() => undefined}
          followRef={() => undefined}
        />
      </TerminalContext.Provider>,
    );
    expect(screen.getByRole('alert').textContent).toContain(
      'No loyalty card with this number. Check the number, or choose another kind.',
    );
  });
});

describe('an issue sent from its form', () => {
  const stops: (() => void)[] = [];
  afterEach(() => {
    for (const stop of stops.splice(0)) stop();
  });

  it('the form goes with the button pressed: "Issuing…" takes the focus from the page, then the outcome', async () => {
    const t = outboxHarness();
    stops.push(() => t.sender.stop());
    const user = userEvent.setup();
    renderWithOutbox(<IssueFromSeries kind="giftCard" />, {
      terminal: testTerminal(globalThis.fetch, { series: printed }),
      perform: t.perform,
      reads: t.reads,
    });
    await user.type(screen.getByLabelText(/^Amount/), '30');
    await user.click(screen.getByRole('button', { name: 'Issue and print gift card' }));
    const sending = await screen.findByText('Issuing…');
    // Each takes the focus in the effects after it is drawn.
    await waitFor(() => expect(document.activeElement).toBe(sending));
    await act(() => t.run());
    const done = await screen.findByText('Gift card issued');
    await waitFor(() => expect(document.activeElement).toBe(done.closest('p')));
    // Next: the form is back, its first field with the focus the button had, for the next card.
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Series')));
  });
});
