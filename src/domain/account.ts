import type { Minor } from './money';

/** The four account amounts of an instrument, in minor units (loyalty-api.md section 2). */
export interface Account {
  net: Minor;
  original: Minor;
  floor: Minor;
  authorized: Minor;
}

/** Spendable now: net less holds less floor, never below zero. The one place this rule lives. */
export function availableAmount(account: Account): Minor {
  return Math.max(0, account.net - account.authorized - account.floor);
}
