import { instrumentKinds, type InstrumentKind } from '@/domain/instrument';
import { formatMoney } from '@/domain/money';
import type { MessageKey, T } from '@/lib/i18n';
import type { SlipDoc } from '@/lib/printing/slip-doc';
import { slipHead } from '@/lib/printing/slips/slip-head';
import type { Terminal } from '@/lib/terminal-context';
import type { ZReport } from '@/outbox/db';
import {
  figureOf,
  lineNames,
  maskedCardOf,
  wayFigure,
  waysShown,
  type ByWay,
  type DayReport,
  type Figure,
  type KindFigures,
  type SettledLate,
} from './day-report';

/** Each kind's lines that have a count, as slip rows. */
function figureRows(t: T, terminal: Terminal, byKind: Partial<Record<InstrumentKind, Partial<KindFigures>>>) {
  const money = (m: number) => formatMoney(m, terminal.currency, terminal.locale);
  return instrumentKinds.flatMap((kind) =>
    lineNames
      .filter((name) => figureOf(byKind, kind, name).count > 0)
      .map((name) => ({
        label: `${t(`kind.${kind}`)}: ${t(`report.line.${name}`)} (${figureOf(byKind, kind, name).count})`,
        value: money(figureOf(byKind, kind, name).amount),
      })),
  );
}

/** A total of money another way and, when the report kept them, its ways ("of which cash (2)") under it. */
function otherRows(t: T, money: (m: number) => string, label: string, total: Figure, ways: ByWay | undefined) {
  const split = ways ? waysShown(ways).map((way) => ({ way, f: wayFigure(ways, way) })) : [];
  return [
    { label: `${label} (${total.count})`, value: money(total.amount) },
    ...split.map(({ way, f }) => ({ label: `${t(`report.way.${way}`)} (${f.count})`, value: money(f.amount) })),
  ];
}

/** An operation as a report names it, in words: "Gift card commit •••• 0002". */
export function operationText(t: T, type: string, maskedNumber: string): string {
  const [kind = '', operation = ''] = type.split('.');
  return `${t(`kind.${kind}` as MessageKey)} ${t(`journal.op.${operation}` as MessageKey)} ${maskedNumber}`.trim();
}

/** An operation counted on this report though begun before it, in words: where it was carried from. */
export function settledLateText(t: T, s: SettledLate): string {
  const what = operationText(t, s.type, s.maskedNumber);
  if (s.fromZ === null) return t('report.settledEarlier', { what });
  return s.counted === false
    ? t('report.settledFromZNothing', { number: s.fromZ, what })
    : t('report.settledFromZ', { number: s.fromZ, what });
}

/**
 * An X or Z report on paper: its span (where the day began as well as where it ended: a Z printed
 * again must say which day it closed), its figures, what settled late into it, the cash-outs' cash
 * still owed or paid out late, and what it names as not settled.
 */
export function reportSlipDoc(t: T, terminal: Terminal, r: DayReport, title: string, carried: string[] = []): SlipDoc {
  const money = (m: number) => formatMoney(m, terminal.currency, terminal.locale);
  const time = (at: string) => new Date(at).toLocaleString(terminal.locale);
  return {
    ...slipHead(t, terminal, title, new Date(r.to)),
    rows: [
      // No Z before it: the day began with the first record.
      { label: t('report.spanFrom'), value: r.from ? time(r.from) : t('report.spanStart') },
      { label: t('report.spanTo'), value: time(r.to) },
      ...figureRows(t, terminal, r.byKind),
      ...otherRows(t, money, t('report.otherPayments'), r.otherPayments, r.otherPaymentsByWay),
      ...(r.otherPaymentsBack
        ? otherRows(t, money, t('report.otherPaymentsBack'), r.otherPaymentsBack, r.otherPaymentsBackByWay)
        : []),
      { label: `${t('report.voidedSales')} (${r.voidedSales.count})`, value: money(r.voidedSales.amount) },
      ...(r.settledLate ?? []).map((s) => ({ label: t('report.settledLate'), value: settledLateText(t, s) })),
      ...(r.flagged ?? []).map((f) => ({
        label: t('report.flagged'),
        value: operationText(t, f.type, f.maskedNumber),
      })),
      ...(r.otherCurrency ?? []).map((o) => ({
        label: t('report.otherCurrency'),
        value: `${operationText(t, o.type, o.maskedNumber)} ${formatMoney(o.amount, o.currency, terminal.locale)}`,
      })),
      ...(r.cashOwed ?? []).map((c) => ({
        label: c.owedAtZ === undefined ? t('report.cashOwed') : t('report.cashOwedAtZ', { number: c.owedAtZ }),
        value: `${t('kind.giftCard')} ${c.maskedNumber} ${money(c.amount)}`,
      })),
      ...(r.paidOutLate ?? []).map((c) => ({
        label: t('report.paidOutLate', { number: c.owedAtZ }),
        value: `${t('kind.giftCard')} ${c.maskedNumber} ${money(c.amount)}`,
      })),
      ...r.open.map((o) => ({
        label: t('report.open'),
        value: operationText(t, o.request.type, maskedCardOf(o)),
      })),
      ...carried.map((c) => ({ label: t('report.open'), value: c })),
    ],
  };
}

/** A closed day as it was kept, in the currency it was closed in. */
export const zSlipDoc = (t: T, terminal: Terminal, z: ZReport): SlipDoc =>
  reportSlipDoc(
    t,
    { ...terminal, currency: z.currency ?? terminal.currency },
    z.report as DayReport,
    t('report.z', { number: z.number }),
    z.carried.map((c) => operationText(t, c.type, c.maskedNumber)),
  );

/**
 * A cashier's own figures since the last Z report, printed as they sign off: its span says where
 * they begin (the last Z, not the shift), so two slips of one day are not read as two shifts.
 */
export function cashierSlipDoc(
  t: T,
  terminal: Terminal,
  name: string,
  figures: Partial<Record<string, KindFigures>>,
  span: Pick<DayReport, 'from' | 'to'>,
): SlipDoc {
  const title = t('report.cashierX', { name });
  const time = (at: string) => new Date(at).toLocaleString(terminal.locale);
  return {
    name: title,
    training: terminal.mode === 'training' ? t('slip.training') : undefined,
    title,
    header: [time(span.to)],
    rows: [
      { label: t('report.spanFrom'), value: span.from ? time(span.from) : t('report.spanStart') },
      { label: t('report.spanTo'), value: time(span.to) },
      ...figureRows(t, terminal, figures),
    ],
  };
}
