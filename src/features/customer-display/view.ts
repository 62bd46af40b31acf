import type { Minor } from '@/domain/money';
import type { Sale } from '@/domain/sale';
import { coveredAmount, isUnconfirmed, type ExternalMethod, type TenderKind } from '@/domain/tender-line';

/**
 * What the customer may see of a sale: amounts, each approved tender by its kind and last four
 * digits, the balance left on that card. Never a whole card number, never a name or an auth code.
 */
export interface DisplayTender {
  kind: TenderKind;
  /** The last four digits of the card; empty for cash and bank card. */
  last4: string;
  /** External lines: how it was paid, worded by the display; `label`, an older record's words. */
  method?: ExternalMethod | undefined;
  label?: string | undefined;
  amount: Minor;
  balanceAfter?: Minor | undefined;
}

export interface DisplayView {
  training: boolean;
  currency: string;
  locale: string;
  status: 'idle' | 'open' | 'completed' | 'voided';
  due: Minor;
  paid: Minor;
  remaining: Minor;
  /** A completed sale whose commit is not answered yet: not "paid" to the customer until it is (the receipt says the same). */
  confirming?: boolean | undefined;
  tenders: DisplayTender[];
}

/** What a line has paid for sure: a line still waiting for its answer is not shown as paid. */
const approved = (line: Sale['lines'][number]): Minor =>
  line.state.name === 'requesting' || line.state.name === 'unknown' ? 0 : coveredAmount(line);

export function displayView(
  sale: Sale | null,
  terminal: { training: boolean; currency: string; locale: string },
): DisplayView {
  // A sale's amounts in its own currency (one kept before it had one: the terminal's).
  const base = { training: terminal.training, currency: sale?.currency ?? terminal.currency, locale: terminal.locale };
  if (
    !sale ||
    sale.status === 'voiding' ||
    sale.status === 'voided' ||
    sale.status === 'reversed' ||
    sale.status === 'reversing'
  ) {
    return {
      ...base,
      status: sale && sale.status !== 'reversing' && sale.status !== 'reversed' ? 'voided' : 'idle',
      due: 0,
      paid: 0,
      remaining: 0,
      tenders: [],
    };
  }
  const tenders = sale.lines
    .filter((line) => approved(line) > 0)
    .map((line) => ({
      kind: line.kind,
      last4: line.kind === 'external' ? '' : line.number.slice(-4),
      ...(line.kind === 'external' && { method: line.method, label: line.label }),
      amount: approved(line),
      ...(line.balanceAfter !== undefined && { balanceAfter: line.balanceAfter }),
    }));
  const paid = tenders.reduce((sum, tender) => sum + tender.amount, 0);
  return {
    ...base,
    status: sale.status === 'completed' ? 'completed' : 'open',
    due: sale.due,
    paid,
    remaining: Math.max(0, sale.due - paid),
    ...(sale.status === 'completed' && sale.lines.some(isUnconfirmed) && { confirming: true }),
    tenders,
  };
}
