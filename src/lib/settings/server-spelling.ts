import type { OutboxDb } from '@/outbox/db';
import type { ServerSettings } from './schema';
import { scopeOf } from './scope';
import { sameServer } from './server-address';

/**
 * A live scope written under another spelling of `server`'s address (a slash at the end, capitals in
 * the host, the default port), as a backup from a tablet where it was typed so carries it: that
 * server's scope as this terminal spells it. Any other scope as it is.
 */
export function asSpelledHere(scope: string, server: ServerSettings | null): string {
  if (!server) return scope;
  const tail = `|${server.loyaltyGroup}|${server.merchantId}`;
  if (!scope.startsWith('live|') || !scope.endsWith(tail)) return scope;
  return sameServer(scope.slice('live|'.length, -tail.length), server.baseUrl) ? scopeOf('live', server) : scope;
}

/**
 * `settings` with the address as records already kept here spell it (`scopes`: those of the
 * records), when they name the same server, group and merchant: a server typed with a slash more
 * after a backup was brought in keeps that backup's records and days its own.
 */
export function withKnownSpelling(settings: ServerSettings, scopes: readonly string[]): ServerSettings {
  const tail = `|${settings.loyaltyGroup}|${settings.merchantId}`;
  if (scopes.includes(scopeOf('live', settings))) return settings;
  for (const scope of scopes) {
    if (!scope.startsWith('live|') || !scope.endsWith(tail)) continue;
    const address = scope.slice('live|'.length, -tail.length);
    if (address !== settings.baseUrl && sameServer(address, settings.baseUrl)) return { ...settings, baseUrl: address };
  }
  return settings;
}

/** The scopes records and closed days are kept under here, each once: the servers this terminal has known. */
export async function keptScopes(db: () => Promise<OutboxDb>): Promise<string[]> {
  const d = await db();
  const scopes = new Set<string>();
  const index = d.transaction('operations').store.index('byScope');
  for (let cursor = await index.openKeyCursor(null, 'nextunique'); cursor; cursor = await cursor.continue())
    scopes.add(String(cursor.key));
  for (const [scope] of await d.getAllKeys('zReports')) scopes.add(scope);
  return [...scopes];
}
