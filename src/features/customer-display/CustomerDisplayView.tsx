import { Fact } from '@/components/Fact';
import { formatMoney } from '@/domain/money';
import { translator } from '@/lib/i18n';
import { externalName } from '@/lib/tender-line-text';
import type { DisplayView } from './view';

/** What the customer sees: large, few words, in the terminal's language. No card number beyond its last four. */
export function CustomerDisplayView({ view }: { view: DisplayView | null }) {
  const t = translator(view?.locale ?? 'en');
  const money = (minor: number) => (view ? formatMoney(minor, view.currency, view.locale) : '');
  // A till's sale finished with part left for the till to collect is not "paid" to the customer.
  // Nor is one whose commit is not answered yet: the receipt says not to hand over the goods.
  const paidInFull = view?.status === 'completed' && view.remaining === 0 && !view.confirming;
  return (
    <div className="customer-display" lang={(view?.locale ?? 'en').slice(0, 2)}>
      {view?.training && (
        <p className="training-banner customer-training">
          <span aria-hidden="true">▲ </span>
          {t('display.training')}
        </p>
      )}
      {!view || view.status === 'idle' || view.status === 'voided' ? (
        <p className="customer-welcome">{t(view?.status === 'voided' ? 'display.voided' : 'display.welcome')}</p>
      ) : (
        <>
          <dl className="customer-amounts">
            <Fact id="customer-due" term={t('display.due')}>
              {money(view.due)}
            </Fact>
            {view.tenders.length > 0 && (
              <Fact id="customer-paid" term={t('display.paid')}>
                {money(view.paid)}
              </Fact>
            )}
            <Fact
              id="customer-remaining"
              term={t(paidInFull ? 'display.thanks' : view.confirming ? 'display.confirming' : 'display.remaining')}
              className="customer-remaining"
            >
              {paidInFull ? '✓' : view.confirming ? '…' : money(view.remaining)}
            </Fact>
          </dl>
          {view.tenders.length > 0 && (
            <ul className="customer-tenders" aria-label={t('display.tenders')}>
              {view.tenders.map((tender, i) => (
                <li key={i}>
                  <span className="customer-tender-name">
                    {tender.kind === 'external'
                      ? externalName(t, tender)
                      : `${t(`kind.${tender.kind}`)} •••• ${tender.last4}`}
                  </span>
                  <span className="customer-tender-amount">{money(tender.amount)}</span>
                  {tender.balanceAfter !== undefined && (
                    <span className="customer-tender-balance">
                      {t('display.balanceLeft', { amount: money(tender.balanceAfter) })}
                    </span>
                  )}
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </div>
  );
}
