import type { Customer, Instrument } from '@/domain/instrument';
import type { Minor } from '@/domain/money';
import type { Authorization, LoyaltyPayment, LoyaltyVoid } from '@/domain/payment';

/** Every operation that moves money or changes an instrument, with exactly what it sends. */
export type OperationRequest =
  | { type: 'giftCard.pay' | 'storeCredit.pay' | 'loyaltyCard.pay'; number: string; amount: Minor }
  | { type: 'giftCard.commit' | 'giftCard.cancel' | 'storeCredit.commit' | 'storeCredit.cancel'; number: string; authCode: string; amount: Minor }
  | { type: 'loyaltyCard.voidPayment'; number: string; amount: Minor }
  | { type: 'giftCard.issue'; number: string; amount?: Minor | undefined; customer?: Customer | null | undefined }
  | { type: 'giftCard.issueInSeries'; series: string; amount?: Minor | undefined; customer?: Customer | null | undefined }
  | { type: 'storeCredit.issueInSeries'; series: string; amount: Minor; customer?: Customer | null | undefined }
  | { type: 'loyaltyCard.issue'; number: string; customer?: Customer | null | undefined }
  | { type: 'giftCard.unissue' | 'storeCredit.unissue' | 'loyaltyCard.unissue'; number: string };

export type OperationType = OperationRequest['type'];

export type OperationResult = Authorization | LoyaltyPayment | LoyaltyVoid | Instrument;

/**
 * pending: written, answer not yet in (a crash here leaves it pending: treated as unknown on start).
 * succeeded / refused: the server's answer is known. unknown: no answer, to be resolved.
 * attention: resolved as far as the terminal can; a manager must look (e.g. a server that ignored the key).
 */
export type OperationStatus = 'pending' | 'succeeded' | 'refused' | 'unknown' | 'attention';

export interface OperationRecord {
  /** Also the Idempotency-Key: one key for the operation, every retry reuses it. */
  id: string;
  scope: string;
  training: boolean;
  request: OperationRequest;
  transactionId: string;
  reason: string;
  operatorId?: string | undefined;
  status: OperationStatus;
  attempts: number;
  createdAt: string;
  updatedAt: string;
  result?: OperationResult | undefined;
  error?: { code: string; message: string } | undefined;
  replayed?: boolean | undefined;
  note?: string | undefined;
}
