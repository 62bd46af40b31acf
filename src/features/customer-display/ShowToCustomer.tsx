import { useRef, useState } from 'react';
import { ModalDialog } from '@/components/ModalDialog';
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
        <ModalDialog
          className="customer-overlay"
          aria-label={t('display.open')}
          onClosed={() => setShown(false)}
          returnFocus={opener}
          closeLabel={t('display.back')}
          closeClassName="button button-large customer-back"
        >
          <CustomerDisplayView view={view} />
        </ModalDialog>
      )}
    </>
  );
}
