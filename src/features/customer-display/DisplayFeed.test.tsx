// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Sale } from '@/domain/sale';
import { TerminalContext, type Terminal } from '@/lib/terminal-context';
import { tabId } from '@/outbox/tab';
import { CustomerDisplayPage } from './CustomerDisplayPage';
import { DisplayFeed } from './DisplayFeed';

/** The sale this window works on: a gift card paid the whole amount, €7.57 left on it. */
const sale: Sale = {
  transactionId: 't1',
  due: 4250,
  status: 'open',
  startedAt: '2026-11-23T10:00:00Z',
  lines: [
    {
      id: 'a',
      kind: 'giftCard',
      number: '700100000001',
      amount: 4250,
      balanceAfter: 757,
      state: { name: 'authorized', authCode: 'SECRET1', expires: '2026-11-23T10:15:00Z' },
    },
  ],
};
vi.mock('@/outbox/projection', () => ({ useCurrentSale: () => sale }));

const terminal = { currency: 'EUR', locale: 'en-IE', mode: 'live', scope: 's' } as Terminal;
const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 30)));

afterEach(() => {
  cleanup();
  window.location.hash = '';
});

describe('a terminal window feeding the customer display', () => {
  it('as it goes (pagehide), leaves the display on its idle view: nothing of the customer’s card', async () => {
    // The display opened from this window, and this window's feed (one document here: the channel is the same).
    window.location.hash = `#/customer-display?tab=${tabId()}`;
    render(<CustomerDisplayPage />);
    render(
      <TerminalContext.Provider value={terminal}>
        <DisplayFeed />
      </TerminalContext.Provider>,
    );
    await settle();
    expect(screen.getByText(/•••• 0001/)).toBeTruthy();
    expect(screen.getByText(/€7\.57/)).toBeTruthy();

    act(() => void window.dispatchEvent(new PageTransitionEvent('pagehide', { persisted: false })));
    await settle();
    expect(screen.getByText('Welcome')).toBeTruthy();
    expect(screen.queryByText(/0001/)).toBeNull();
    expect(screen.queryByText(/€42\.50|€7\.57/)).toBeNull();
  });
});
