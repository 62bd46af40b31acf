/**
 * What a Loyalty server address may be. The token travels with every request, so a remote server
 * must be https; plain http only for this machine and private-network addresses (a shop's own
 * server), with a warning. A query, fragment or credentials in the address would send every
 * request astray (or the credentials along), so they are refused with words.
 */
export type AddressProblem = 'url' | 'urlCredentials' | 'urlQuery' | 'urlInsecure' | 'urlMixed';

export type AddressCheck = { ok: true; insecure: boolean } | { ok: false; problem: AddressProblem };

const privateHost = (host: string): boolean => {
  const h = host.replace(/^\[|\]$/g, '').toLowerCase();
  if (h === 'localhost' || h.endsWith('.localhost') || h.endsWith('.local') || h === '::1') return true;
  if (/^(fc|fd)[0-9a-f]{2}:/.test(h) || h.startsWith('fe80:')) return true;
  const v4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(h);
  if (!v4) return false;
  const [a, b] = [Number(v4[1]), Number(v4[2])];
  return (
    a === 127 || a === 10 || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168) || (a === 169 && b === 254)
  );
};

/** This machine: a page served over https may still call it over plain http (the browser trusts it). */
const loopbackHost = (host: string): boolean => {
  const h = host.replace(/^\[|\]$/g, '').toLowerCase();
  return h === 'localhost' || h.endsWith('.localhost') || h === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(h);
};

const pageOverHttps = () => typeof location !== 'undefined' && location.protocol === 'https:';

/**
 * `pageHttps`: the terminal itself is served over https (as a tablet needs it). The browser then
 * blocks every plain http request to another machine (mixed content): a shop's http server is
 * refused in words here, not left to fail as "unreachable".
 */
export function checkServerAddress(text: string, { pageHttps = pageOverHttps() } = {}): AddressCheck {
  const value = text.trim();
  if (!/^https?:\/\/[^\s/]+/i.test(value) || !URL.canParse(value)) return { ok: false, problem: 'url' };
  const url = new URL(value);
  if (url.username || url.password || /^https?:\/\/[^/]*@/i.test(value))
    return { ok: false, problem: 'urlCredentials' };
  if (value.includes('?') || value.includes('#')) return { ok: false, problem: 'urlQuery' };
  if (url.protocol === 'https:') return { ok: true, insecure: false };
  if (!privateHost(url.hostname)) return { ok: false, problem: 'urlInsecure' };
  return pageHttps && !loopbackHost(url.hostname) ? { ok: false, problem: 'urlMixed' } : { ok: true, insecure: true };
}

/** The same server: the token saved for one address is never sent to another. */
export function sameServer(a: string, b: string): boolean {
  const origin = (u: string) => (URL.canParse(u.trim()) ? new URL(u.trim()).href.replace(/\/+$/, '') : u.trim());
  return origin(a) === origin(b);
}

/**
 * A till's origin (scheme, host, port; no path): allowed to hand payments over, and the only
 * place answers go. The same transport rule as a server: https, http only on the shop's network.
 */
export function checkOrigin(text: string): { ok: true; origin: string } | { ok: false } {
  const value = text.trim().replace(/\/$/, '');
  // A till is not called by the terminal (it frames it, opens it, or links to it): no mixed content.
  const checked = checkServerAddress(value, { pageHttps: false });
  if (!checked.ok || new URL(value).origin !== value.toLowerCase()) return { ok: false };
  return { ok: true, origin: new URL(value).origin };
}

/** Reads the allowed tills, one origin per line: every line must be one, or nothing is saved. */
export function parseOrigins(
  text: string,
): { ok: true; origins: string[] } | { ok: false; line: number; value: string } {
  const origins: string[] = [];
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i += 1) {
    const value = (lines[i] ?? '').trim();
    if (!value) continue;
    const checked = checkOrigin(value);
    if (!checked.ok) return { ok: false, line: i + 1, value: value.slice(0, 80) };
    if (!origins.includes(checked.origin)) origins.push(checked.origin);
  }
  return { ok: true, origins };
}
