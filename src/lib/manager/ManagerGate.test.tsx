// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ManagerGate } from './ManagerGate';
import { hashPin, noAttempts } from './pin';
import { managerActions } from './store';

const KEY = 'loyalty-terminal.manager';
/** A PIN no typed PIN matches (one PBKDF2 round: quick), and its tries as the terminal keeps them. */
const pin = { salt: 'c2FsdA==', hash: 'aGFzaA==', iterations: 1 };
/** What another window leaves in localStorage, and the event that tells this one (the store reads it again). */
const savedElsewhere = (attempts: { failures: number; lockedUntil: number }) =>
  act(() => {
    localStorage.setItem(KEY, JSON.stringify({ state: { pin, attempts }, version: 1 }));
    window.dispatchEvent(new StorageEvent('storage', { key: KEY }));
  });

const gate = () =>
  render(
    <ManagerGate>
      <p>Settings</p>
    </ManagerGate>,
  );

afterEach(() => {
  cleanup();
  managerActions.locked(); // an unlock is this window's memory: none carries into the next test
  vi.useRealTimers();
  localStorage.clear();
});

describe('the manager gate', () => {
  it('a wrong PIN with one try left says "1 try", in the singular', async () => {
    savedElsewhere({ failures: 3, lockedUntil: 0 });
    gate();
    fireEvent.change(screen.getByLabelText('Manager PIN'), { target: { value: '0000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Unlock' }));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe('Wrong PIN. 1 try left before the PIN pad locks.'),
    );
  });

  it('the lock is announced once: its countdown ticks outside the alert', () => {
    vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout'] });
    savedElsewhere({ failures: 5, lockedUntil: Date.now() + 5 * 60_000 });
    gate();
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toBe('✕ Too many wrong PINs: locked.');
    expect(screen.getByText('Try again in 5:00.')).toBeTruthy();
    for (let i = 0; i < 3; i += 1) act(() => void vi.advanceTimersByTime(1000));
    // The time moved on screen; what the alert says (and a screen reader reads out) did not.
    expect(screen.getByText('Try again in 4:57.').closest('[role="alert"],[role="status"],[aria-live]')).toBeNull();
    expect(alert.textContent).toBe('✕ Too many wrong PINs: locked.');
    expect(screen.getByRole('button', { name: 'Unlock' })).toHaveProperty('disabled', true);
  });

  it('a PIN entered for one action (a cash-out) approves that action only: Settings still asks for it', async () => {
    const record = await hashPin('2468');
    act(() => {
      localStorage.setItem(KEY, JSON.stringify({ state: { pin: record, attempts: noAttempts }, version: 1 }));
      window.dispatchEvent(new StorageEvent('storage', { key: KEY }));
    });
    render(
      <ManagerGate compact everyTime>
        <p>Pay out €7.00</p>
      </ManagerGate>,
    );
    fireEvent.change(screen.getByLabelText('Manager PIN'), { target: { value: '2468' } });
    fireEvent.click(screen.getByRole('button', { name: 'Unlock' }));
    // The PIN's check is a slow hash on purpose.
    await screen.findByText('Pay out €7.00', {}, { timeout: 5000 });
    cleanup();
    gate();
    expect(screen.queryByText('Settings')).toBeNull();
    expect(screen.getByLabelText('Manager PIN')).toBeTruthy();
  });

  it('the first PIN, chosen for one action, approves that action only: Settings asks for it', async () => {
    act(() => {
      localStorage.setItem(KEY, JSON.stringify({ state: { pin: null, attempts: noAttempts }, version: 1 }));
      window.dispatchEvent(new StorageEvent('storage', { key: KEY }));
    });
    render(
      <ManagerGate compact everyTime>
        <p>Pay out €7.00</p>
      </ManagerGate>,
    );
    fireEvent.change(screen.getByLabelText('New manager PIN'), { target: { value: '2468' } });
    fireEvent.change(screen.getByLabelText('Repeat the PIN'), { target: { value: '2468' } });
    fireEvent.click(screen.getByRole('button', { name: 'Set PIN' }));
    await screen.findByText('Pay out €7.00', {}, { timeout: 5000 });
    cleanup();
    gate();
    expect(screen.queryByText('Settings')).toBeNull();
    expect(screen.getByLabelText('Manager PIN')).toBeTruthy();
  });
});
