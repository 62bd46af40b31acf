import { maskNumber } from '@/domain/instrument';
import { formatMoney } from '@/domain/money';
import { forManager, REFUSED_AFTER_LOST_ANSWER } from '@/domain/operation';
import { refusedWhy } from '@/lib/error-text';
import { returnOnItsWay, returnParts, type ReturnLine, type SaleReturn } from '@/domain/return-flow';
import type { TenderLine } from '@/domain/tender-line';
import type { T } from '@/lib/i18n';
import { externalName, lineName } from '@/lib/tender-line-text';
import type { SlipDoc } from '@/lib/printing/slip-doc';
import type { Terminal } from '@/lib/terminal-context';
import { slipHead } from '@/lib/printing/slips/slip-head';

/** A payment of the original sale as the return desk names it: kind and last four, or "Cash". */
export const paymentName: (t: T, line: TenderLine) => string = lineName;

/** How a line of the return goes (or went) back, in words. */
export function lineText(t: T, line: Pick<ReturnLine, 'way' | 'target' | 'method' | 'label'>): string {
  switch (line.way) {
    case 'voidLoyalty':
      return t('returns.way.voidLoyalty', { card: maskNumber(line.target) });
    case 'external':
      return t('returns.way.external', { label: externalName(t, line) });
    default:
      return t(`returns.way.${line.way}`);
  }
}

export function stateText(t: T, line: ReturnLine): string {
  const s = line.state;
  if (s.name === 'refused') return t('returns.state.refused', { reason: refusedWhy(t, s.code) });
  // An outcome with a manager is not asked again.
  if (s.name === 'unknown' && s.reason === REFUSED_AFTER_LOST_ANSWER) return t('returns.state.lostAttempt');
  if (s.name === 'unknown' && forManager(s.reason)) return t('returns.state.forManager');
  return t(`returns.state.${s.name}`);
}

/** The return slip (the customer's copy): what went back, how, numbers masked, TRAINING when rehearsed. */
export function returnSlipDoc(t: T, terminal: Terminal, r: SaleReturn, saleReference: string): SlipDoc {
  const money = (m: number) => formatMoney(m, terminal.currency, terminal.locale);
  const parts = returnParts(r);
  return {
    ...slipHead(
      t,
      terminal,
      t('returns.slip'),
      new Date(r.startedAt),
      t('slip.receiptReference', { reference: saleReference }),
    ),
    rows: [
      ...r.lines.map((line) => ({ label: lineText(t, line), value: `${money(line.amount)} · ${stateText(t, line)}` })),
      { label: t('returns.total'), value: money(parts.back) },
      ...(!returnOnItsWay(r) && parts.refused > 0
        ? [{ label: t('returns.notGivenBackTotal'), value: money(parts.refused) }]
        : []),
      ...(!returnOnItsWay(r) && parts.withManager > 0
        ? [{ label: t('returns.withManagerTotal'), value: money(parts.withManager) }]
        : []),
    ],
  };
}
