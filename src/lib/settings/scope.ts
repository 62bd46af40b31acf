import type { TerminalMode } from './store';
import type { ServerSettings } from './schema';

/** Which server's data this is: cached reads, journal entries and sales are kept apart by it. */
export function scopeOf(mode: TerminalMode, server: ServerSettings | null): string {
  return mode === 'live' && server ? `live|${server.baseUrl}|${server.loyaltyGroup}|${server.merchantId}` : 'training';
}
