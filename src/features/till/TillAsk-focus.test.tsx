// @vitest-environment jsdom
import { cleanup, render } from '@testing-library/react';
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

function Screen({ asked, decline }: { asked: boolean; decline: () => void }) {
  return (
    <TerminalContext.Provider value={testTerminal(globalThis.fetch)}>
      <label htmlFor="name">Customer name</label>
      <input id="name" />
      {asked && (
        <TillAsk
          request={refund}
          origin="https://till.example"
          amount={null}
          needsManager={false}
          confirm={() => {}}
          decline={decline}
        />
      )}
    </TerminalContext.Provider>
  );
}

describe('a till’s question arriving while the cashier types', () => {
  afterEach(cleanup);

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
});
