import { markSwitching } from './store';

/**
 * A change of server, currency or mode, made only if nothing stays with what the terminal leaves.
 * `check` is asked, then every window is told a change is under way (`markSwitching`: the outbox
 * begins nothing meanwhile, for the old server or the new one), and `check` is asked again: a sale or
 * payment another window began before the mark is in a transaction opened before the second check's
 * reads, so IndexedDB shows it to them. Only then is the change saved. Returns what `check` found.
 */
export async function switchScope<Found>(
  check: () => Promise<Found | null>,
  change: () => void,
): Promise<Found | null> {
  const first = await check();
  if (first !== null) return first;
  markSwitching(true);
  try {
    const again = await check();
    if (again === null) change();
    return again;
  } finally {
    markSwitching(false);
  }
}
