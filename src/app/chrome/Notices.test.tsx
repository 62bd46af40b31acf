// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useStorageStore } from '@/outbox/db';
import { recordsWritten } from '@/outbox/money-path';
import { WaitingNotice } from './Notices';

const live = '[role="status"],[role="alert"],[aria-live]';

afterEach(cleanup);

describe("the header's notices", () => {
  it.each([
    ['olderWindow', 'Another window of this terminal runs an older version'],
    ['updatedElsewhere', 'The terminal was updated in another window'],
  ] as const)('the storage alert (%s) is in no other live region: it is read out once', (usable, words) => {
    act(() => useStorageStore.setState({ usable }));
    render(<WaitingNotice />);
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain(words);
    expect(alert.parentElement?.closest(live) ?? null).toBeNull();
    // The polite region is still there, for the counts, before they change.
    expect(screen.getByRole('status')).toBeTruthy();
  });

  it.each([
    ['olderVersion', 'A newer version of the terminal wrote the records here: reload (if this stays'],
    ['unanswered', 'The browser did not open the records in 10 s: reload'],
    ['closed', 'The browser closed the records (site data cleared?): reload.'],
  ] as const)(
    'records kept here but not opened (%s): an alert that says why, with Reload, not the private-window advice',
    (usable, words) => {
      act(() => useStorageStore.setState({ usable }));
      render(<WaitingNotice />);
      const alert = screen.getByRole('alert');
      expect(alert.textContent).toContain(words);
      expect(alert.textContent).toContain('No payment is taken until then');
      expect(screen.getByRole('button', { name: 'Reload' })).toBeTruthy();
      expect(document.body.textContent).not.toContain('This browser keeps no records here');
      expect(document.body.textContent).not.toContain('normal window');
    },
  );

  it('records that refuse a write (the device full): an alert that says what to do, no Reload (it frees no space)', () => {
    act(() => useStorageStore.setState({ usable: 'yes' }));
    act(() => recordsWritten(false));
    render(<WaitingNotice />);
    expect(screen.getByRole('alert').textContent).toBe(
      'Records cannot be saved: free space on this device. Nothing unsaved is sent; payments under way finish then, charged once.',
    );
    expect(screen.queryByRole('button', { name: 'Reload' })).toBeNull();
    // A pass that writes again ends it.
    act(() => recordsWritten(true));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(useStorageStore.getState().usable).toBe('yes');
  });

  it('the records that cannot be kept are said in the polite region, with no alert inside it', () => {
    act(() => useStorageStore.setState({ usable: 'refused' }));
    render(<WaitingNotice />);
    expect(screen.getByRole('status').textContent).toContain('This browser keeps no records here');
    expect(screen.getByRole('status').querySelector(live)).toBeNull();
  });
});
