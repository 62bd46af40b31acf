// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Terminal } from '@/lib/terminal-context';
import { openOutboxDb } from '@/outbox/db';
import { createReadModel } from '@/outbox/read-model';
import { renderWithOutbox } from '@/test-support/render-with-outbox';
import { SignOffOffer } from './SignOffOffer';

const terminal = { currency: 'EUR', locale: 'en-IE', mode: 'training', scope: 'sign-off' } as Terminal;

/** The header's menu, as far as the offer sees it: its item has gone, the focus is on the menu's button. */
function Header({ onDone }: { onDone: (signOff: boolean) => void }) {
  const [asked, setAsked] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setAsked(true)}>
        Menu
      </button>
      {asked && (
        <SignOffOffer
          cashier={{ operatorId: 'c7', name: 'Casey' }}
          onDone={(signOff) => (onDone(signOff), setAsked(false))}
        />
      )}
    </>
  );
}

describe('the sign-off offer, by keyboard alone', () => {
  afterEach(cleanup);

  it('has the focus as it opens, on "Stay signed on"; Escape stays, and gives the focus back to the menu', async () => {
    const user = userEvent.setup();
    const onDone = vi.fn();
    const db = openOutboxDb(`sign-off-${crypto.randomUUID()}`);
    renderWithOutbox(<Header onDone={onDone} />, {
      terminal,
      perform: vi.fn(),
      reads: createReadModel(() => db, 'sign-off'),
    });
    const menu = screen.getByRole('button', { name: 'Menu' });
    menu.focus();
    await user.keyboard('{Enter}');
    const offer = screen.getByRole('alertdialog', { name: /^Sign off Casey \(c7\)\?/ });
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Stay signed on' }));
    expect(offer.contains(document.activeElement)).toBe(true);
    // Its figures read (the print button can be pressed): Escape answers all the same.
    await vi.waitFor(() =>
      expect(screen.getByRole('button', { name: 'Print my X report and sign off' }).hasAttribute('disabled')).toBe(
        false,
      ),
    );
    await user.keyboard('{Escape}');
    expect(onDone).toHaveBeenCalledExactlyOnceWith(false);
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(document.activeElement).toBe(menu);
  });
});
