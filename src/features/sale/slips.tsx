import { maskNumber } from '@/domain/instrument-number';
import { TEXT_CAP, untrustedText } from '@/domain/untrusted-text';
import { formatMoney } from '@/domain/money';
import { paidAmount, type Sale } from '@/domain/sale';
import { coveredAmount, type TenderLine } from '@/domain/tender-line';
import { useT } from '@/lib/i18n';
import { useTerminal, type Terminal } from '@/lib/terminal-context';
import { lineStatus } from './line-text';

function SlipHeader({ terminal, title }: { terminal: Terminal; title: string }) {
  const t = useT();
  return (
    <>
      {terminal.mode === 'training' && <p className="slip-training">{t('slip.training')}</p>}
      <p className="slip-title">{title}</p>
      <p>{t('slip.store', { store: terminal.storeId ?? '–', till: terminal.workstationId ?? '–' })}</p>
      <p>{new Date().toLocaleString(terminal.locale)}</p>
    </>
  );
}

function lineName(t: ReturnType<typeof useT>, line: TenderLine): string {
  return line.kind === 'external' ? (line.label ?? '') : `${t(`kind.${line.kind}`)} ${maskNumber(line.number)}`;
}

/** One payment: masked number, amount, authCode or loyalty result, balance left. */
export function TenderSlip({ sale, line }: { sale: Sale; line: TenderLine }) {
  const t = useT();
  const terminal = useTerminal();
  const money = (m: number) => formatMoney(m, terminal.currency, terminal.locale);
  const status = lineStatus(t, line, terminal);
  const auth = 'authCode' in line.state ? line.state.authCode : undefined;
  return (
    <article className="slip" aria-label={t('slip.tender')}>
      <SlipHeader terminal={terminal} title={t('slip.tender')} />
      <dl>
        <div><dt>{t('slip.card')}</dt><dd>{lineName(t, line)}</dd></div>
        <div><dt>{t('slip.amount')}</dt><dd>{money(line.amount)}</dd></div>
        {auth && <div><dt>{t('slip.auth')}</dt><dd><bdi>{untrustedText(auth, TEXT_CAP.short)}</bdi></dd></div>}
        <div><dt>{t('slip.result')}</dt><dd>{status.text}</dd></div>
        {line.balanceAfter !== undefined && <div><dt>{t('slip.balance')}</dt><dd>{money(line.balanceAfter)}</dd></div>}
        <div><dt>{t('slip.transaction')}</dt><dd>{sale.transactionId.slice(0, 8)}</dd></div>
      </dl>
      {terminal.mode === 'training' && <p className="slip-training">{t('slip.training')}</p>}
    </article>
  );
}

/** The sale's summary receipt: every line, what it paid, the total. */
export function SaleReceipt({ sale }: { sale: Sale }) {
  const t = useT();
  const terminal = useTerminal();
  const money = (m: number) => formatMoney(m, terminal.currency, terminal.locale);
  return (
    <article className="slip" aria-label={t('slip.receipt')}>
      <SlipHeader terminal={terminal} title={t('slip.receipt')} />
      <dl>
        <div><dt>{t('sale.due')}</dt><dd>{money(sale.due)}</dd></div>
        {sale.lines.map((line) => (
          <div key={line.id}>
            <dt>{lineName(t, line)}</dt>
            <dd>{money(coveredAmount(line) || line.amount)} · {lineStatus(t, line, terminal).text}</dd>
          </div>
        ))}
        <div><dt>{t('slip.total')}</dt><dd>{money(paidAmount(sale))}</dd></div>
        <div><dt>{t('slip.status')}</dt><dd>{t(sale.status === 'voided' ? 'sale.voided' : sale.status === 'completed' ? 'sale.completed' : 'sale.title')}</dd></div>
        <div><dt>{t('slip.transaction')}</dt><dd>{sale.transactionId.slice(0, 8)}</dd></div>
      </dl>
      {terminal.mode === 'training' && <p className="slip-training">{t('slip.training')}</p>}
    </article>
  );
}

export { lineName };
