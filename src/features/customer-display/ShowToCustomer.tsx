import { useState } from 'react';
import { CustomerDisplayView } from './CustomerDisplayView';
import type { Sale } from '@/domain/sale';
import { displayView } from './view';
import { useT } from '@/lib/i18n';
import { useTerminal } from '@/lib/terminal-context';

/** A tablet with no second screen: the cashier turns it round, and the customer sees what a display would show. */
export function ShowToCustomer({ sale }: { sale: Sale }) {
  const t = useT();
  const terminal = useTerminal();
  const [shown, setShown] = useState(false);
  if (!shown)
    return (
      <button type="button" className="button show-to-customer" onClick={() => setShown(true)}>
        {t('display.show')}
      </button>
    );
  const view = displayView(sale, {
    training: terminal.mode === 'training',
    currency: terminal.currency,
    locale: terminal.locale,
  });
  return (
    <div className="customer-overlay" role="dialog" aria-modal="true" aria-label={t('display.open')}>
      <CustomerDisplayView view={view} />
      <button type="button" className="button button-large customer-back" autoFocus onClick={() => setShown(false)}>
        {t('display.back')}
      </button>
    </div>
  );
}
