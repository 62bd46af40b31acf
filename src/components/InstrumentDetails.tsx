import { Fact } from '@/components/Fact';
import { Money } from '@/components/Money';
import { availableAmount, cannotPay, type Instrument, groupNumber } from '@/domain/instrument';
import { formatDate } from '@/lib/format-date';
import { useT, type MessageKey } from '@/lib/i18n';
import { useTerminal } from '@/lib/terminal-context';

type Tone = 'ok' | 'warn' | 'bad';

/**
 * The card's status as the cashier reads it, from the same rule a payment is checked by
 * (`cannotPay`): a loyalty card past its expiry date is expired here too, as each payment on it is.
 */
function statusOf(instrument: Instrument, now: Date): { text: MessageKey; tone: Tone; note?: MessageKey } {
  const why = cannotPay(instrument, now);
  const issued: MessageKey =
    instrument.kind === 'loyaltyCard' ? `loyaltyStatus.${instrument.statusCode}` : `status.${instrument.status}`;
  if (why === 'notOpen' && instrument.kind === 'loyaltyCard')
    return { text: issued, tone: instrument.statusCode === 0 ? 'warn' : 'bad', note: 'details.note.notOpen' };
  if (why === 'notIssued') return { text: 'status.notIssued', tone: 'warn', note: 'details.note.notIssued' };
  if (why === 'expired') return { text: 'status.expired', tone: 'bad', note: 'details.note.expired' };
  if (why === 'notYetValid') return { text: issued, tone: 'warn', note: 'details.note.notYetValid' };
  return { text: issued, tone: 'ok' };
}

const toneIcon: Record<Tone, string> = { ok: '✓', warn: '!', bad: '✕' };

/** Everything a cashier needs at a glance, "available" first and largest. */
export function InstrumentDetails({ instrument }: { instrument: Instrument }) {
  const t = useT();
  const { locale } = useTerminal();
  const status = statusOf(instrument, new Date());
  const { account } = instrument;
  const headingId = `instrument-${instrument.number}`;
  return (
    <section className="instrument" aria-labelledby={headingId}>
      <h2 id={headingId} className="instrument-title">
        <span className="instrument-kind">{t(`kind.${instrument.kind}`)}</span>{' '}
        <span className="instrument-number">{groupNumber(instrument.number)}</span>
      </h2>
      <p className={`status status-${status.tone}`}>
        <span aria-hidden="true" className="status-icon">
          {toneIcon[status.tone]}
        </span>{' '}
        {t('details.status')}: <strong>{t(status.text)}</strong>
      </p>
      {status.note && <p className="instrument-note">{t(status.note)}</p>}

      <dl className="available">
        <dt className="available-label" id={`${headingId}-available`}>
          {t('details.available')}
        </dt>
        <dd className="available-amount" aria-labelledby={`${headingId}-available`}>
          <Money minor={availableAmount(account)} />
        </dd>
      </dl>

      <dl className="amounts">
        <Fact id={`${headingId}-net`} term={t('details.balance')}>
          <Money minor={account.net} />
        </Fact>
        <Fact id={`${headingId}-held`} term={t('details.onHold')}>
          <Money minor={account.authorized} />
        </Fact>
        <Fact id={`${headingId}-original`} term={t('details.original')}>
          <Money minor={account.original} />
        </Fact>
        <Fact id={`${headingId}-floor`} term={t('details.floor')}>
          <Money minor={account.floor} />
        </Fact>
      </dl>

      <dl className="facts">
        <Fact id={`${headingId}-customer`} term={t('details.customer')}>
          {instrument.customer
            ? [
                instrument.customer.name ?? instrument.customer.customerId,
                instrument.customer.email,
                instrument.customer.phone,
              ]
                .filter(Boolean)
                .map((text, i) => (
                  <span key={i}>
                    {i > 0 && ' · '}
                    <bdi>{text}</bdi>
                  </span>
                ))
            : t('details.noCustomer')}
        </Fact>
        <Fact id={`${headingId}-series`} term={t('details.series')}>
          <bdi>{instrument.seriesNumber}</bdi>
        </Fact>
        {instrument.startDate && (
          <Fact id={`${headingId}-startDate`} term={t('details.startDate')}>
            {formatDate(instrument.startDate, locale)}
          </Fact>
        )}
        {instrument.expiryDate && (
          <Fact id={`${headingId}-expiryDate`} term={t('details.expiryDate')}>
            {formatDate(instrument.expiryDate, locale)}
          </Fact>
        )}
        {instrument.created && (
          <Fact id={`${headingId}-created`} term={t('details.created')}>
            {formatDate(instrument.created, locale)}
          </Fact>
        )}
      </dl>
    </section>
  );
}
