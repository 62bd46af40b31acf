// @vitest-environment jsdom
import { act, cleanup, render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { registerScanHandler } from '@/lib/scanner';
import { TerminalContext } from '@/lib/terminal-context';
import { testTerminal } from '@/test-support/test-terminal';
import { PROTOCOL, VERSION } from '@/till-client/protocol';
import { TillAsk } from './TillAsk';

/**
 * A till's request by link arrives on its own (a hashchange on a page already open, TillBridge):
 * the cashier may be typing in a field then. Its question does not take the focus from them.
 */
const refund = {
  protocol: PROTOCOL,
  version: VERSION,
  id: 'rf1',
  type: 'refund',
  reference: 'R-1',
  amount: 6000,
} as const;

const MANAGER = 'loyalty-terminal.manager';
/** A PIN saved (one no number here matches), as any window of the terminal leaves it. */
const pinSaved = () =>
  act(() => {
    const pin = { salt: 'c2FsdA==', hash: 'aGFzaA==', iterations: 1 };
    localStorage.setItem(
      MANAGER,
      JSON.stringify({ state: { pin, attempts: { failures: 0, lockedUntil: 0 } }, version: 1 }),
    );
    window.dispatchEvent(new StorageEvent('storage', { key: MANAGER }));
  });
/** The wrong PINs counted so far, as stored. */
const attempts = () => JSON.parse(localStorage.getItem(MANAGER) ?? '{}').state.attempts as { failures: number };

function Screen({
  asked,
  decline,
  needsManager = false,
}: {
  asked: boolean;
  decline: () => void;
  needsManager?: boolean;
}) {
  return (
    <TerminalContext.Provider value={testTerminal(globalThis.fetch)}>
      <label htmlFor="name">Customer name</label>
      <input id="name" />
      {asked && (
        <TillAsk
          request={refund}
          origin="https://till.example"
          amount={null}
          needsManager={needsManager}
          confirm={() => {}}
          decline={decline}
        />
      )}
    </TerminalContext.Provider>
  );
}

describe('a till’s question arriving while the cashier types', () => {
  afterEach(() => {
    cleanup();
    localStorage.clear();
  });

  it('does not take the focus from the field being typed in (nor answer itself with the next key)', async () => {
    const off = registerScanHandler(() => {}); // the app-wide scanner, as on any screen taking scans
    const decline = vi.fn();
    const user = userEvent.setup();
    const { getByLabelText, rerender } = render(<Screen asked={false} decline={decline} />);
    const field = getByLabelText('Customer name') as HTMLInputElement;
    await user.click(field);
    await user.keyboard('Ada');
    rerender(<Screen asked decline={decline} />); // the till's link arrives
    await user.keyboard(' Lovelace');
    off();
    // Taken, the focus would be on "Decline", the space would press it, and "Lovelace" go nowhere.
    expect({ focused: document.activeElement?.id, value: field.value, declined: decline.mock.calls.length }).toEqual({
      focused: 'name',
      value: 'Ada Lovelace',
      declined: 0,
    });
  });

  it('asking for the manager’s PIN does not take the focus from the field being typed in either', async () => {
    pinSaved();
    const decline = vi.fn();
    const user = userEvent.setup();
    const { getByLabelText, rerender } = render(<Screen asked={false} decline={decline} />);
    const field = getByLabelText('Customer name') as HTMLInputElement;
    await user.click(field);
    await user.keyboard('Ada');
    rerender(<Screen asked needsManager decline={decline} />);
    await user.keyboard(' Lovelace');
    expect({ focused: document.activeElement?.id, value: field.value }).toEqual({
      focused: 'name',
      value: 'Ada Lovelace',
    });
  });
});

describe('a till’s question asking for the manager’s PIN, on a screen taking scans', () => {
  afterEach(() => {
    cleanup();
    localStorage.clear();
  });

  it('leaves the next card scanned to the screen: its digits and Enter are no wrong PIN', async () => {
    pinSaved();
    const scanned = vi.fn();
    const off = registerScanHandler(scanned);
    const user = userEvent.setup();
    const { getByLabelText } = render(<Screen asked needsManager decline={() => {}} />);
    const pin = getByLabelText('Manager PIN') as HTMLInputElement;
    await user.keyboard('7201000000012{Enter}'); // the scanner, typing like a keyboard
    off();
    // Taken by the PIN field, the number would be a wrong PIN: five scans lock the pad.
    expect({ scanned: scanned.mock.calls, pin: pin.value, failures: attempts().failures }).toEqual({
      scanned: [['7201000000012']],
      pin: '',
      failures: 0,
    });
    expect(document.activeElement).not.toBe(pin);
  });
});
