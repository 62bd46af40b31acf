import { ConfirmQuestion, KeepAnswer } from '@/components/ConfirmQuestion';
import { Money } from '@/components/Money';
import { useT } from '@/lib/i18n';
import { ManagerGate } from '@/lib/manager/ManagerGate';
import type { TillRequest } from '@/till-client/protocol';

export interface TillAskProps {
  /** What the URL transport asked that undoes a sale's payments. */
  request: Extract<TillRequest, { type: 'cancel' | 'reverse' | 'refund' }>;
  /** The till's origin, from its return address. */
  origin: string;
  /** What a reverse gives back (all that is left), when its sale is known here. */
  amount: number | null;
  /** The sale's returns with this one pass the manager's amount: the PIN is asked for this request. */
  needsManager: boolean;
  confirm: () => void;
  decline: () => void;
}

/**
 * A till's request by link to cancel, reverse or refund a sale, put to the cashier: anyone can put
 * a link in front of this browser, so money goes back only on the cashier's yes, and above the
 * returns' manager amount on the manager's PIN as well, as at the return desk.
 */
export function TillAsk({ request, origin, amount, needsManager, confirm, decline }: TillAskProps) {
  const t = useT();
  const values = { origin, reference: request.reference };
  const yes = (
    <button type="button" className="button button-primary" onClick={confirm}>
      {t(`till.ask.confirm.${request.type}`)}
    </button>
  );
  return (
    // Money going back on a link's word: Decline (and Escape) is the safe answer, and has the focus,
    // the manager's PIN too: a link comes unasked, and a PIN field with the focus would take the next
    // card scanned (the scanner leaves text fields alone), its Enter a wrong PIN, five a locked pad.
    // The manager taps the field.
    <ConfirmQuestion
      as="section"
      className="notice notice-warn till-ask"
      labelledBy="till-ask-text"
      describedBy={needsManager ? 'till-ask-manager' : undefined}
      onKeep={decline}
    >
      <p id="till-ask-text">
        {t(`till.ask.${request.type}`, values)}
        {request.type === 'refund' && (
          <>
            {' '}
            <Money minor={request.amount} />
          </>
        )}
        {request.type === 'reverse' && amount !== null && (
          <>
            {' '}
            {t('till.ask.inAll')} <Money minor={amount} />
          </>
        )}
      </p>
      {needsManager && (
        <div className="till-ask-manager">
          <p id="till-ask-manager">{t('till.ask.manager')}</p>
          <ManagerGate compact everyTime autoFocus={false}>
            <div className="actions">{yes}</div>
          </ManagerGate>
        </div>
      )}
      <div className="actions">
        {!needsManager && yes}
        <KeepAnswer className="button">{t('till.ask.decline')}</KeepAnswer>
      </div>
    </ConfirmQuestion>
  );
}
