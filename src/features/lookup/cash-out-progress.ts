import type { Sale } from '@/domain/sale';
import { isWithManager } from '@/domain/tender-line';
import type { OperationRecord } from '@/outbox/types';

/**
 * How far a cash-out is, from its sale (and its commit's record): the drawer opens only once the
 * card's money is committed.
 */
export function cashOutProgress(sale: Sale | undefined, commit: OperationRecord | undefined) {
  const line = sale?.lines[0];
  if (!sale || !line) return { phase: 'sending' as const };
  // Handed over (another window may have said so): nothing more to pay out.
  if (line.state.name === 'committed' && sale.paidOutAt) return { phase: 'paidOut' as const, at: sale.paidOutAt };
  if (line.state.name === 'committed') return { phase: 'paid' as const };
  // The hold's outcome, or its commit's, went to a manager: nothing is paid out, the card is checked.
  if (
    isWithManager(line) ||
    (line.state.name === 'committing' && (line.settleWithManager || commit?.status === 'attention'))
  )
    return { phase: 'withManager' as const };
  // A commit refused after it was queued (the hold lapsed through an outage) leaves the sale
  // completed and its line failed: nothing was taken, and there is nothing to wait for.
  if (line.state.name === 'failed')
    return { phase: 'refused' as const, code: line.state.code, available: line.state.available };
  if (sale.status === 'voided' || sale.status === 'voiding')
    return { phase: 'refused' as const, code: sale.notice === 'cardChanged' ? 'card_changed' : 'unknown' };
  if (line.state.name === 'unknown' || line.settleQueued) return { phase: 'waiting' as const };
  return { phase: 'sending' as const };
}
