import { useLayoutEffect, useRef, useState } from 'react';
import { CustomerDisplayView } from './CustomerDisplayView';
import type { Sale } from '@/domain/sale';
import { displayView } from './view';
import { useT } from '@/lib/i18n';
import { useTerminal } from '@/lib/terminal-context';

/**
 * A tablet with no second screen: the cashier turns it round, and the customer sees what a display
 * would show. A modal `<dialog>`: the cashier's buttons behind it cannot be reached (Tab, a screen
 * reader) while the customer holds the tablet; back, the focus is on the button that showed it.
 */
export function ShowToCustomer({ sale }: { sale: Sale }) {
  const t = useT();
  const terminal = useTerminal();
  const [shown, setShown] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  const dialog = useRef<HTMLDialogElement>(null);
  useLayoutEffect(() => {
    const d = dialog.current;
    if (!shown || !d || d.open) return;
    // Where <dialog> cannot be modal (jsdom), it is shown all the same.
    if (typeof d.showModal === 'function') d.showModal();
    else d.open = true;
  }, [shown]);
  // Closed first (the cashier's screen is no longer inert), then gone, the focus on its opener.
  const closed = () => {
    setShown(false);
    opener.current?.focus();
  };
  const back = () => {
    const d = dialog.current;
    if (d?.open && typeof d.showModal === 'function') d.close();
    else closed();
  };
  const view = displayView(sale, {
    training: terminal.mode === 'training',
    currency: terminal.currency,
    locale: terminal.locale,
  });
  return (
    <>
      <button ref={opener} type="button" className="button show-to-customer" onClick={() => setShown(true)}>
        {t('display.show')}
      </button>
      {shown && (
        // Escape closes it too (the dialog's own cancel): back to the cashier.
        <dialog ref={dialog} className="customer-overlay" aria-label={t('display.open')} onClose={closed}>
          <CustomerDisplayView view={view} />
          <button type="button" className="button button-large customer-back" autoFocus onClick={back}>
            {t('display.back')}
          </button>
        </dialog>
      )}
    </>
  );
}
