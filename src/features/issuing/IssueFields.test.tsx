// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TerminalContext } from '@/lib/terminal-context';
import { testTerminal } from '@/test-support/test-terminal';
import { IssueFields } from './IssueFields';

afterEach(cleanup);

function fields(fixedAmount: number | undefined) {
  const onIssue = vi.fn();
  render(
    <TerminalContext.Provider value={testTerminal(globalThis.fetch)}>
      <IssueFields id="t" withAmount fixedAmount={fixedAmount} submitLabel="Issue" disabled={false} onIssue={onIssue} />
    </TerminalContext.Provider>,
  );
  return onIssue;
}

describe('a series’ fixed amount', () => {
  it('is sent as shown, so that a server with another fixed amount refuses it rather than loading its own', async () => {
    const onIssue = fields(2500);
    expect(screen.getByText('€25.00')).toBeTruthy();
    expect(screen.queryByLabelText(/^Amount/)).toBeNull(); // shown, not typed
    fireEvent.click(screen.getByRole('button', { name: 'Issue' }));
    await waitFor(() => expect(onIssue).toHaveBeenCalledTimes(1));
    expect(onIssue.mock.calls[0]?.[0]).toMatchObject({ amount: 2500 });
  });

  it('a series without one sends what the cashier typed', async () => {
    const onIssue = fields(undefined);
    fireEvent.change(screen.getByLabelText(/^Amount/), { target: { value: '30' } });
    fireEvent.click(screen.getByRole('button', { name: 'Issue' }));
    await waitFor(() => expect(onIssue).toHaveBeenCalledTimes(1));
    expect(onIssue.mock.calls[0]?.[0]).toMatchObject({ amount: 3000 });
  });
});
