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

describe('an issue whose answer contradicted it (a lenient server loaded another amount)', () => {
  it('names the card the server answered with, for the manager: it is known nowhere else', () => {
    const record = {
      id: 'op1',
      scope: 'test',
      training: true,
      transactionId: 't1',
      reason: 'Gift card sold',
      request: { type: 'giftCard.issueInSeries', series: 'GC3', amount: 2500 },
      status: 'attention',
      attempts: 1,
      createdAt: '2026-11-29T10:00:00Z',
      updatedAt: '2026-11-29T10:00:00Z',
      error: { code: 'contradictory_answer', message: 'loaded 5000 where 2500 was asked' },
      answeredNumber: '700300000001',
    } as const;
    render(
      <TerminalContext.Provider value={testTerminal(globalThis.fetch)}>
        <IssueOutcome
          kind="giftCard"
          state={{ phase: 'attention', id: 'op1', record }}
          onResolve={() => undefined}
          onNext={() => undefined}
          followRef={() => undefined}
        />
      </TerminalContext.Provider>,
    );
    expect(screen.getByText(/The server named card 7003 0000 0001 in its answer/)).toBeTruthy();
  });
});

describe('a series issue asked for from the trainer’s panel', () => {
  it('opens with that series chosen', () => {
    const t = outboxHarness();
    t.sender.stop();
    const credits: SeriesConfig[] = [
      { prefix: '7201', kind: 'storeCredit', seriesNumber: 'SC1', livePrinted: true },
      { prefix: '7202', kind: 'storeCredit', seriesNumber: 'SC2', livePrinted: true },
    ];
    renderWithOutbox(<IssueFromSeries kind="storeCredit" series="SC2" />, {
      terminal: testTerminal(globalThis.fetch, { series: credits }),
      perform: t.perform,
      reads: t.reads,
    });
    expect((screen.getByLabelText('Series') as HTMLSelectElement).value).toBe('SC2');
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
