import { Money } from '@/components/Money';
import { availableAmount } from '@/domain/account';
import type { Instrument } from '@/domain/instrument';
import { groupNumber } from '@/domain/instrument-number';
import { formatDate } from '@/lib/format-date';
import { useT, type MessageKey } from '@/lib/i18n';
import { useTerminal } from '@/lib/terminal-context';

type Tone = 'ok' | 'warn' | 'bad';

function statusOf(instrument: Instrument): { text: MessageKey; tone: Tone; note?: MessageKey } {
  if (instrument.kind === 'loyaltyCard') {
    const code = instrument.statusCode;
    return code === 1
      ? { text: 'loyaltyStatus.1', tone: 'ok' }
      : { text: `loyaltyStatus.${code}`, tone: code === 0 ? 'warn' : 'bad', note: 'details.note.notOpen' };
  }
  if (instrument.status === 'notIssued')
    return { text: 'status.notIssued', tone: 'warn', note: 'details.note.notIssued' };
  if (instrument.status === 'expired') return { text: 'status.expired', tone: 'bad', note: 'details.note.expired' };
  if (instrument.startDate && Date.parse(instrument.startDate) > Date.now())
    return { text: 'status.issued', tone: 'warn', note: 'details.note.notYetValid' };
  return { text: 'status.issued', tone: 'ok' };
}

const toneIcon: Record<Tone, string> = { ok: '✓', warn: '!', bad: '✕' };

/** Everything a cashier needs at a glance, "available" first and largest. */
export function InstrumentDetails({ instrument }: { instrument: Instrument }) {
  const t = useT();
  const { locale } = useTerminal();
  const status = statusOf(instrument);
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

      <div className="available">
        <span className="available-label">{t('details.available')}</span>
        <strong className="available-amount" data-amount="available">
          <Money minor={availableAmount(account)} />
        </strong>
      </div>

      <dl className="amounts">
        <div>
          <dt>{t('details.balance')}</dt>
          <dd>
            <Money minor={account.net} />
          </dd>
        </div>
        <div>
          <dt>{t('details.onHold')}</dt>
          <dd>
            <Money minor={account.authorized} />
          </dd>
        </div>
        <div>
          <dt>{t('details.original')}</dt>
          <dd>
            <Money minor={account.original} />
          </dd>
        </div>
        <div>
          <dt>{t('details.floor')}</dt>
          <dd>
            <Money minor={account.floor} />
          </dd>
        </div>
      </dl>

      <dl className="facts">
        <div>
          <dt>{t('details.customer')}</dt>
          <dd>
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
          </dd>
        </div>
        <div>
          <dt>{t('details.series')}</dt>
          <dd>
            <bdi>{instrument.seriesNumber}</bdi>
          </dd>
        </div>
        {instrument.startDate && (
          <div>
            <dt>{t('details.startDate')}</dt>
            <dd>{formatDate(instrument.startDate, locale)}</dd>
          </div>
        )}
        {instrument.expiryDate && (
          <div>
            <dt>{t('details.expiryDate')}</dt>
            <dd>{formatDate(instrument.expiryDate, locale)}</dd>
          </div>
        )}
        {instrument.created && (
          <div>
            <dt>{t('details.created')}</dt>
            <dd>{formatDate(instrument.created, locale)}</dd>
          </div>
        )}
      </dl>
    </section>
  );
}
