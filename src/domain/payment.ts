import type { Account } from './instrument';
import type { Minor } from './money';

export type AuthorizationStatus = 'pending' | 'committed' | 'canceled' | 'expired';

/** A hold on a gift card or store credit (the answer to _pay, _commit, _cancel). */
export interface Authorization {
  authCode: string;
  instrumentId: string;
  amount: Minor;
  status: AuthorizationStatus;
  created: string;
  expires: string;
  account: Account;
}

export type LoyaltyDenialReason = 'insufficient_funds' | 'card_not_open' | 'expired';

export interface LoyaltyPayment {
  result: 'approved' | 'partiallyApproved' | 'denied';
  requestedAmount: Minor;
  approvedAmount: Minor;
  transactionId: string;
  denialReason?: LoyaltyDenialReason | undefined;
  account: Account;
}

export interface LoyaltyVoid {
  result: 'voided';
  transactionId: string;
  voidedAmount: Minor;
  account: Account;
}
