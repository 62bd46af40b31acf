import { type Instrument, groupNumber } from '@/domain/instrument';
import { formatMoney } from '@/domain/money';
import { formatDate } from '@/lib/format-date';
import { useT, type T } from '@/lib/i18n';
import type { SlipDoc } from '@/lib/printing/slip-doc';
import { useTerminal, type Terminal } from '@/lib/terminal-context';
import { SlipView } from '@/lib/printing/SlipView';

/** The slip for an issued instrument: its number as text and barcode, amount, expiry, series. */
export function issueSlipDoc(t: T, terminal: Terminal, instrument: Instrument): SlipDoc {
  const series = terminal.series.find((s) => s.kind === instrument.kind && s.seriesNumber === instrument.seriesNumber);
  return {
    name: t('issue.slip'),
    training: terminal.mode === 'training' ? t('slip.trainingCard') : undefined,
    title: t(`kind.${instrument.kind}`),
    subtitle: series?.description || instrument.seriesNumber,
    header: [],
    number: groupNumber(instrument.number),
    barcode: { value: instrument.number, label: t('issue.barcode', { number: instrument.number }) },
    rows: [
      ...(instrument.kind !== 'loyaltyCard'
        ? [
            {
              label: t('slip.amount'),
              value: formatMoney(instrument.account.original, terminal.currency, terminal.locale),
            },
          ]
        : []),
      ...(instrument.expiryDate
        ? [{ label: t('details.expiryDate'), value: formatDate(instrument.expiryDate, terminal.locale) }]
        : []),
      ...(instrument.startDate
        ? [{ label: t('details.startDate'), value: formatDate(instrument.startDate, terminal.locale) }]
        : []),
      { label: t('details.series'), value: instrument.seriesNumber },
    ],
  };
}

export function IssueSlip({ instrument }: { instrument: Instrument }) {
  return <SlipView doc={issueSlipDoc(useT(), useTerminal(), instrument)} className="issue-slip" />;
}
