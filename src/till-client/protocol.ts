/**
 * The hand-over protocol between a store's till and the loyalty terminal, version 1
 * (docs/till-integration.md). Types only and two constants: the terminal and the till client
 * share them, and neither needs anything else to speak it.
 *
 * Amounts are integer minor units of `currency`, its decimals counted as the terminal's browser's
 * Intl (CLDR) counts them: for a few currencies not ISO 4217's (HUF, IDR, COP, PKR, IRR 0, not 2;
 * IQD 0, not 3). The Loyalty API itself carries major units.
 */

export const PROTOCOL = 'loyalty-terminal';
export const VERSION = 1;

export type InstrumentKind = 'giftCard' | 'loyaltyCard' | 'storeCredit';

interface Envelope {
  protocol: typeof PROTOCOL;
  version: typeof VERSION;
}

/** What the till asks. `id` pairs the terminal's reply with the request; `reference` is the till's sale. */
export type TillRequest = Envelope & { id: string; reference: string } & (
    | {
        type: 'pay';
        amountDue: number;
        currency: string;
        /** Lines for the slip the terminal writes (the till's basket), optional. */
        basket?: { text: string; amount?: number }[];
        /** Which kinds of instrument may pay; all when absent. */
        allowedKinds?: InstrumentKind[];
      }
    | { type: 'status' }
    | { type: 'cancel' }
    /** Take the whole completed sale back (what is still left of it). */
    | { type: 'reverse' }
    /** Take part of a completed sale back: `amount` in minor units, at most what is left of it. */
    | { type: 'refund'; amount: number }
  );

export type TillRequestType = TillRequest['type'];

/**
 * paid: the whole amount due is covered. partially_paid: part of it; the till collects
 * `amountRemaining` another way. canceled: nothing was taken (every hold released, every loyalty
 * payment voided). reversed: a completed sale taken back as far as the contract allows.
 * unknown: the terminal cannot tell yet whether some money moved (`amountUnknown`); ask `status`
 * again later and do not collect that amount another way until it is known.
 */
export type ResultStatus = 'paid' | 'partially_paid' | 'canceled' | 'reversed' | 'refunded' | 'unknown';

/** How a part of a return went back: a loyalty payment voided, or a new card for the customer. */
export interface ReturnEntry {
  way: 'voidLoyalty' | 'storeCredit' | 'giftCard';
  amount: number;
  state: 'done' | 'refused' | 'unknown';
  /** The voided loyalty card: last four digits only. */
  maskedNumber?: string;
  /** The new store credit or gift card: the customer's card, its number whole, as its slip prints it. */
  issuedNumber?: string;
}

export interface PaymentEntry {
  kind: InstrumentKind;
  /** The last four digits only. */
  maskedNumber: string;
  /** Taken from this instrument (for `reversed` entries: what was given back). */
  amount: number;
  state: 'paid' | 'reversed' | 'unknown';
  /** Gift card and store credit. */
  authCode?: string;
  /** Loyalty card. */
  loyaltyResult?: 'approved' | 'partiallyApproved';
  /** Available on the instrument after this payment. */
  balanceAfter?: number;
}

export interface TillResult {
  reference: string;
  /** The terminal's sale (the Loyalty API's transactionId). */
  transactionId: string;
  status: ResultStatus;
  currency: string;
  amountDue: number;
  amountCovered: number;
  /** For the till to collect another way. */
  amountRemaining: number;
  /** Money neither surely taken nor surely released (status `unknown`). */
  amountUnknown: number;
  /**
   * Present (true) while a card's commit is not confirmed: being sent again after its answer was
   * lost (the result may still change: a hold that lapsed first pays nothing), or its answer went
   * to a manager (it stays so; a manager checks the card). Keep the goods until a result without
   * it: it comes by itself, pushed with `changed: true`, or ask `status`.
   */
  settling?: true;
  payments: PaymentEntry[];
  /**
   * After `reverse` or `refund` (status `reversed` when nothing is left to give back, `refunded`
   * otherwise): what went back and how, over every return of the sale. `amountRemaining` is then 0:
   * the till collects nothing. `amountOwed` is what the store may still owe the customer (a part
   * whose outcome is not known yet, or is with a manager): give it back another way only once known.
   * A part the server refused is listed (`state: "refused"`) and was not given back: it is still left
   * to give back on this sale. A `reverse` or `refund` the server refused whole is answered `refused`
   * (`not_reversible`), and counts nowhere.
   */
  refund?: { amountReturned: number; amountOwed: number; returned: ReturnEntry[] };
  /** Plain text for the till's own receipt, lines of at most 40 characters. */
  slipText: string;
  training: boolean;
  finishedAt?: string;
}

export type RefusalReason =
  | 'bad_message'
  | 'unsupported_version'
  | 'bad_reference'
  | 'bad_amount'
  | 'bad_currency'
  | 'bad_kinds'
  | 'reference_conflict'
  | 'busy'
  | 'unknown_reference'
  | 'not_cancelable'
  | 'not_reversible'
  | 'over_returnable'
  | 'no_record';

/**
 * What the terminal sends. Replies carry `inReplyTo`; a `result` pushed when a sale finishes does
 * not, nor one pushed again with `changed: true` when a later answer changes it (postMessage only).
 */
export type TerminalMessage = Envelope &
  (
    | { type: 'ready' }
    | { type: 'accepted'; inReplyTo: string; reference: string; transactionId: string }
    | { type: 'refused'; inReplyTo?: string; reference?: string; reason: RefusalReason; message: string }
    | { type: 'status'; inReplyTo?: string; reference: string; state: 'in_progress' | 'unknown_reference' }
    | { type: 'result'; inReplyTo?: string; reference: string; result: TillResult; changed?: true }
  );

export function isTerminalMessage(data: unknown): data is TerminalMessage {
  return (
    typeof data === 'object' &&
    data !== null &&
    (data as Envelope).protocol === PROTOCOL &&
    typeof (data as { type?: unknown }).type === 'string'
  );
}
