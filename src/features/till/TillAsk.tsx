import { Money } from '@/components/Money';
import { useT } from '@/lib/i18n';
import type { TillRequest } from '@/till-client/protocol';

export interface TillAskProps {
  /** What the URL transport asked that undoes a sale's payments. */
  request: Extract<TillRequest, { type: 'cancel' | 'reverse' | 'refund' }>;
  /** The till's origin, from its return address. */
  origin: string;
  confirm: () => void;
  decline: () => void;
}

/**
 * A till's request by link to cancel, reverse or refund a sale, put to the cashier: anyone can put
 * a link in front of this browser, so money goes back only on the cashier's yes.
 */
export function TillAsk({ request, origin, confirm, decline }: TillAskProps) {
  const t = useT();
  const values = { origin, reference: request.reference };
  return (
    <section className="notice notice-warn till-ask" role="alertdialog" aria-labelledby="till-ask-text">
      <p id="till-ask-text">
        {t(`till.ask.${request.type}`, values)}
        {request.type === 'refund' && (
          <>
            {' '}
            <Money minor={request.amount} />
          </>
        )}
      </p>
      <div className="actions">
        <button type="button" className="button button-primary" onClick={confirm}>
          {t(`till.ask.confirm.${request.type}`)}
        </button>
        <button type="button" className="button" onClick={decline}>
          {t('till.ask.decline')}
        </button>
      </div>
    </section>
  );
}
