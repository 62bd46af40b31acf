import { putScopeSettingsBack, scopeSettingsNow } from './store';

/**
 * A change of server, currency or mode, made only if nothing stays with the server it leaves, and
 * undone if something turned up meanwhile. `check` is asked before the change is saved and again
 * once it is: a sale or a payment another window began before the save is in a transaction opened
 * before the second check's reads, so IndexedDB shows it to them; after the save the outbox begins
 * nothing for the old server (`savedScope`, read inside its write). Returns what `check` found.
 */
export async function switchScope<Found>(
  check: () => Promise<Found | null>,
  change: () => void,
): Promise<Found | null> {
  const first = await check();
  if (first !== null) return first;
  const before = scopeSettingsNow();
  change();
  const again = await check();
  if (again !== null) putScopeSettingsBack(before);
  return again;
}
