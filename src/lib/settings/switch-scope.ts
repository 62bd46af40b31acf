import { markSwitching, stillMarked, unmarkSwitching } from './store';

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
