// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { managerActions } from '@/lib/manager/store';
import { TerminalContext } from '@/lib/terminal-context';
import { testTerminal } from '@/test-support/test-terminal';
import { PROTOCOL, VERSION } from '@/till-client/protocol';
import { TillAsk } from './TillAsk';

const refund = {
  protocol: PROTOCOL,
  version: VERSION,
  id: 'rf1',
  type: 'refund',
  reference: 'R-1',
  amount: 6000,
} as const;

function ask(needsManager: boolean) {
  const confirm = vi.fn();
  const decline = vi.fn();
  render(
    <TerminalContext.Provider value={testTerminal(globalThis.fetch)}>
      <TillAsk
        request={refund}
        origin="https://till.example"
        amount={null}
        needsManager={needsManager}
        confirm={confirm}
        decline={decline}
      />
    </TerminalContext.Provider>,
  );
  return { confirm, decline };
}

describe('a link asking to give back more than a cashier alone may', () => {
  beforeEach(async () => {
    localStorage.clear();
    await managerActions.pinChosen('2468');
  });
  afterEach(cleanup);

  it('shows its yes only after the manager’s PIN, asked for this request even when a manager is unlocked here', async () => {
    await managerActions.pinEntered('2468'); // unlocked in this window already
    const { confirm, decline } = ask(true);
    expect(screen.getByRole('alertdialog').textContent).toContain('a manager confirms it');
    expect(screen.queryByRole('button', { name: 'Give it back' })).toBeNull();

    const pin = screen.getByLabelText('Manager PIN');
    fireEvent.change(pin, { target: { value: '1111' } });
    fireEvent.click(screen.getByRole('button', { name: 'Unlock' }));
    // The PIN's check is a slow hash on purpose.
    await screen.findByText(/wrong PIN/i, {}, { timeout: 5000 });
    expect(screen.queryByRole('button', { name: 'Give it back' })).toBeNull();

    fireEvent.change(pin, { target: { value: '2468' } });
    fireEvent.click(screen.getByRole('button', { name: 'Unlock' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Give it back' }, { timeout: 5000 }));
    expect(confirm).toHaveBeenCalledOnce();
    expect(decline).not.toHaveBeenCalled();
  });

  it('can be declined without the PIN; within the amount the cashier’s yes is enough', () => {
    const declined = ask(true);
    fireEvent.click(screen.getByRole('button', { name: 'Decline' }));
    expect(declined.decline).toHaveBeenCalledOnce();
    cleanup();
    const within = ask(false);
    expect(screen.queryByLabelText('Manager PIN')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Give it back' }));
    expect(within.confirm).toHaveBeenCalledOnce();
  });
});
