/**
 * The manager's PIN: stored only as a salted PBKDF2-SHA-256 hash (Web Crypto), never in clear.
 * Wrong PINs lock the PIN pad for a while; the count and the lock survive a reload, so reloading
 * is no way round them.
 */
export interface PinRecord {
  salt: string;
  hash: string;
  iterations: number;
}

export interface PinAttempts {
  failures: number;
  /** Epoch ms; no PIN is taken before it. */
  lockedUntil: number;
}

export const PIN_PATTERN = /^\d{4,8}$/;
export const FREE_TRIES = 5;
const ITERATIONS = 150_000;

const toBase64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));
const fromBase64 = (text: string) => Uint8Array.from(atob(text), (c) => c.charCodeAt(0));

async function derive(pin: string, salt: Uint8Array, iterations: number): Promise<string> {
  const key = await crypto.subtle.importKey('raw', new TextEncoder().encode(pin), 'PBKDF2', false, ['deriveBits']);
  const bits = await crypto.subtle.deriveBits(
    { name: 'PBKDF2', hash: 'SHA-256', salt: salt as BufferSource, iterations },
    key,
    256,
  );
  return toBase64(new Uint8Array(bits));
}

export async function hashPin(pin: string): Promise<PinRecord> {
  const salt = crypto.getRandomValues(new Uint8Array(16));
  return { salt: toBase64(salt), hash: await derive(pin, salt, ITERATIONS), iterations: ITERATIONS };
}

export async function pinMatches(pin: string, record: PinRecord): Promise<boolean> {
  const candidate = await derive(pin, fromBase64(record.salt), record.iterations);
  // Both are fixed-length base64 of a 32-byte digest: compare every character.
  let diff = candidate.length ^ record.hash.length;
  for (let i = 0; i < candidate.length; i += 1) diff |= candidate.charCodeAt(i) ^ (record.hash.charCodeAt(i) || 0);
  return diff === 0;
}

/**
 * After a wrong PIN: the first FREE_TRIES - 1 (4) cost nothing; the FREE_TRIES-th (5th) locks the pad
 * for 1 minute, and each one after it doubles that (2, 4, 8, 16), up to 30 minutes.
 */
export function afterFailure(attempts: PinAttempts, now: number): PinAttempts {
  const failures = attempts.failures + 1;
  if (failures < FREE_TRIES) return { failures, lockedUntil: 0 };
  const minutes = Math.min(2 ** (failures - FREE_TRIES), 30);
  return { failures, lockedUntil: now + minutes * 60_000 };
}

export const noAttempts: PinAttempts = { failures: 0, lockedUntil: 0 };
