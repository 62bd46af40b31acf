import { keepsNoRecords, whatStaysWith, type ReadModel } from '@/outbox/read-model';
import { readMark, standing, SWITCHING, type SwitchMark } from './store';

/**
 * A change of server, currency or mode, made only if nothing stays with what the terminal leaves.
 * `check` is asked, then every window is told a change is under way (`markSwitching`: the outbox
 * begins nothing meanwhile, for the old server or the new one), and `check` is asked again: a sale or
 * payment another window began before the mark is in a transaction opened before the second check's
 * reads, so IndexedDB shows it to them. Only then is the change saved, if the mark still stands.
 * Returns what `check` found, or 'otherWindow' while another window makes a change (or this one's
 * mark lapsed or was replaced meanwhile).
 */
export async function switchScope<Found>(
  check: () => Promise<Found | null>,
  change: () => void,
): Promise<Found | 'otherWindow' | null> {
  const first = await check();
  if (first !== null) return first;
  const mark = markSwitching();
  if (mark === 'busy') return 'otherWindow';
  try {
    const again = await check();
    if (again !== null) return again;
    if (mark !== 'unmarked' && !stillMarked(mark)) return 'otherWindow';
    change();
    return null;
  } finally {
    if (mark !== 'unmarked') unmarkSwitching(mark);
  }
}

/**
 * Marks a change under way by this window: its mark; 'busy' while another window's stands;
 * 'unmarked' where nothing can be written (no storage shared with another window to guard).
 */
export const markSwitching = (): SwitchMark | 'busy' | 'unmarked' => {
  if (standing(readMark())) return 'busy';
  const mark = { id: crypto.randomUUID(), at: Date.now() };
  try {
    localStorage.setItem(SWITCHING, JSON.stringify(mark));
  } catch {
    return 'unmarked';
  }
  return readMark()?.id === mark.id ? mark : 'busy';
};

/** Whether this window's mark still stands: not lapsed, not replaced by another window's. */
export const stillMarked = (mark: SwitchMark) => {
  const now = readMark();
  return now?.id === mark.id && standing(now);
};

/** This window's mark taken off; another window's is left. */
export const unmarkSwitching = (mark: SwitchMark) => {
  try {
    if (readMark()?.id === mark.id) localStorage.removeItem(SWITCHING);
  } catch {
    // Nothing to take off.
  }
};

/** What keeps the terminal with a server when training starts: money on its way (cash owed can wait). */
export async function whatStopsTraining(reads: ReadModel): Promise<'unsettled' | 'unreadable' | null> {
  const stays = await whatStaysWith(reads);
  return stays === 'unsettled' || stays === 'unreadable' ? stays : null;
}

/**
 * What keeps the terminal with a server when another server or currency is chosen: what stays
 * with it (`whatStaysWith`); a sale still open, which would take its payments, or complete, in the new
 * currency or on no server; or a day with figures, counted only by this server's Z and in its
 * currency.
 */
export async function whatStopsAChange(
  reads: ReadModel,
): Promise<'unsettled' | 'cashOwed' | 'unreadable' | 'saleOpen' | 'boxOpen' | 'dayOpen' | null> {
  const open = await reads.activeSales().then(
    (sales) => sales.some((s) => s.status === 'open'),
    () => !keepsNoRecords(),
  );
  const stays = (await whatStaysWith(reads)) ?? (open ? 'saleOpen' : null);
  if (stays) return stays;
  // A box not finished keeps its amount in minor units of this currency, and its cards on this server.
  const boxes = await reads.boxes().catch(() => []);
  if (boxes.some((b) => b.state === 'running')) return 'boxOpen';
  return (await reads.dayHasFigures().catch(() => !keepsNoRecords())) ? 'dayOpen' : null;
}
