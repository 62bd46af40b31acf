// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TerminalContext } from '@/lib/terminal-context';
import { outboxHarness } from '@/outbox/test/harness';
import { testTerminal } from '@/test-support/test-terminal';
import { IssueFields, type IssueFieldsValues } from './IssueFields';

const stops: (() => void)[] = [];
afterEach(() => {
  cleanup();
  for (const stop of stops.splice(0)) stop();
});

function fields(fixedAmount: number | undefined, withAmount = true) {
  const onIssue = vi.fn<(values: IssueFieldsValues) => void>();
  render(
    <TerminalContext.Provider value={testTerminal(globalThis.fetch)}>
      <IssueFields
        id="t"
        withAmount={withAmount}
        fixedAmount={fixedAmount}
        submitLabel="Issue"
        disabled={false}
        onIssue={onIssue}
      />
    </TerminalContext.Provider>,
  );
  return onIssue;
}

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

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

describe('the customer’s email and phone', () => {
  it('are fields of the customer, labelled, and their refusals are said beside them', async () => {
    const onIssue = fields(2500);
    expect(screen.getByLabelText('Customer email').getAttribute('type')).toBe('email');
    expect(screen.getByLabelText('Customer phone').getAttribute('type')).toBe('tel');
    type('Customer email', 'kim.park');
    type('Customer phone', '030 1234 ext. 5');
    fireEvent.click(screen.getByRole('button', { name: 'Issue' }));
    const email = screen.getByLabelText('Customer email');
    await waitFor(() => expect(email.getAttribute('aria-invalid')).toBe('true'));
    const said = (field: HTMLElement) =>
      document.getElementById(field.getAttribute('aria-describedby') ?? '')?.textContent;
    expect(said(email)).toBe('Enter an email address like name@example.com, or leave it empty.');
    expect(said(screen.getByLabelText('Customer phone'))).toBe(
      'Enter a phone number: digits, spaces, +, - and parentheses only.',
    );
    // Well formed, still without a customer id: the server keeps them only with one.
    type('Customer email', 'kim.park@example.com');
    fireEvent.click(screen.getByRole('button', { name: 'Issue' }));
    await waitFor(() =>
      expect(said(email)).toBe(
        'An email or phone is kept with a customer id: enter the id too, or leave this field empty.',
      ),
    );
    expect(onIssue).not.toHaveBeenCalled();
  });

  it('reach the server with a loyalty card opened through the outbox, as the contract names them', async () => {
    const onIssue = fields(undefined, false);
    type('Customer id', 'C12');
    type('Customer name', 'Kim Park');
    type('Customer email', ' kim.park@example.com ');
    type('Customer phone', '+49 (30) 123-456');
    fireEvent.click(screen.getByRole('button', { name: 'Issue' }));
    await waitFor(() => expect(onIssue).toHaveBeenCalledTimes(1));
    const { customer } = onIssue.mock.calls[0]![0];

    const t = outboxHarness();
    stops.push(() => t.sender.stop());
    const record = await t.perform({
      type: 'operation',
      request: { type: 'loyaltyCard.issue', number: '710100000003', customer },
      reason: 'Loyalty card issued',
    });
    await t.run();
    const linked = { customerId: 'C12', name: 'Kim Park', email: 'kim.park@example.com', phone: '+49 (30) 123-456' };
    const sent = t.sent.find((r) => r.url.endsWith('/loyaltycards/710100000003/_issue'));
    expect(((await sent?.json()) as { customer?: unknown }).customer).toEqual(linked);
    expect(t.state().instruments.find((i) => i.number === '710100000003')).toMatchObject({
      statusCode: 1,
      customer: linked,
    });
    // The answer echoes them, and is taken as it is: the card as the terminal reads it carries them.
    const kept = (await t.reads.everything()).find((r) => r.id === record.id);
    expect(kept?.status).toBe('succeeded');
    expect(kept?.result).toMatchObject({ number: '710100000003', customer: linked });
  });
});
