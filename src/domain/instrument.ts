import type { Account } from './account';

export const instrumentKinds = ['giftCard', 'loyaltyCard', 'storeCredit'] as const;
export type InstrumentKind = (typeof instrumentKinds)[number];

export interface Customer {
  customerId: string;
  name?: string | undefined;
  email?: string | undefined;
  phone?: string | undefined;
}

/** Gift card and store credit issue status (the contract's `status`). */
export type IssueStatus = 'notIssued' | 'issued' | 'expired';

/** Loyalty card statusCode: 0 New, 1 Open, 2 Closed, 4 Canceled. */
export type LoyaltyStatusCode = 0 | 1 | 2 | 4;

interface InstrumentBase {
  number: string;
  seriesNumber: string;
  account: Account;
  customer: Customer | null;
  /** RFC 3339 DateTime for gift cards and store credit, YYYY-MM-DD for loyalty cards. */
  created?: string | undefined;
  startDate?: string | undefined;
  expiryDate?: string | undefined;
}

export interface GiftCard extends InstrumentBase {
  kind: 'giftCard';
  status: IssueStatus;
}

export interface StoreCredit extends InstrumentBase {
  kind: 'storeCredit';
  status: IssueStatus;
}

export interface LoyaltyCard extends InstrumentBase {
  kind: 'loyaltyCard';
  statusCode: LoyaltyStatusCode;
}

export type Instrument = GiftCard | StoreCredit | LoyaltyCard;

/**
 * The contract's fallback when a server sends no `status`: startDate present means issued, an
 * expiryDate in the past means expired.
 */
export function deriveIssueStatus(
  startDate: string | undefined,
  expiryDate: string | undefined,
  now: Date,
): IssueStatus {
  if (!startDate) return 'notIssued';
  if (expiryDate && Date.parse(expiryDate) < now.getTime()) return 'expired';
  return 'issued';
}
