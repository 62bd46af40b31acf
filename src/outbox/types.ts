import type { Minor } from '@/domain/money';
import type { Instrument } from '@/domain/instrument';
import type { ManagerNote, OperationRequest, OperationType, ResultMap } from '@/domain/operation';
import type { Verification } from '@/domain/sale-flow';

export type { OperationRequest, OperationType } from '@/domain/operation';

export type OperationResult = ResultMap[OperationType];

/**
 * pending: recorded, to be sent (again): a fresh operation, or a settle refused for a passing
 *   reason. Sending it again is safe: same key, same body. (An attempt cut off before its answer
 *   was written is marked `inFlight`, and becomes unknown.)
 * succeeded / refused: the server's answer is known. unknown: no answer yet, resent until known.
 * attention: resolved as far as the terminal can; a manager must look. Never resent on its own.
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
  /** Set when a return asked for it (return-flow.ts): the answer is the return's. */
  returnId?: string | undefined;
  /** With returnId: the original sale's transactionId. */
  returnOf?: string | undefined;
  /** An un-issue: what was loaded on the card, read just before (not sent; the day's report counts it). */
  loaded?: Minor | undefined;
  /** A payment: what its card had available when the cashier asked (not sent; `OperationOrder`). */
  availableBefore?: Minor | undefined;
  /** The currency its amounts are in: the server's when it was recorded (absent on records kept before). */
  currency?: string | undefined;
  operatorId?: string | undefined;
  /** The signed-on cashier's name, as the journal shows it. */
  operatorName?: string | undefined;
  /**
   * The store and workstation it is sent from, fixed when it is recorded (with `operatorId`): every
   * attempt sends the same body, also after another cashier signs on or a manager changes the
   * numbers, since a server refuses a key reused with another body. Absent on records kept before
   * it existed: the settings of the moment.
   */
  workstation?: { storeId?: number | undefined; workstationId?: number | undefined } | undefined;
  /**
   * The tag (`tokenTag`) of the access token its first attempt went with: the server keeps a key
   * per token, so a resend with another token is new to it, whatever it showed of keeping keys.
   * Absent on records first sent before it was kept: then taken as another token.
   */
  sentWith?: string | undefined;
  status: OperationStatus;
  attempts: number;
  /**
   * When the attempt under way was sent: written (durably) just before each send, cleared with its
   * answer. Found set by a sender starting a pass, that attempt was cut off (a crash, a closed
   * window, a reload) after it may have reached the server: its answer is lost, and it is recorded
   * as an unknown outcome (`interrupted`), resolved like any other.
   */
  inFlight?: string | undefined;
  createdAt: string;
  updatedAt: string;
  /**
   * When its outcome became known (succeeded or refused): the day it counts in. Each record settles
   * once, so it is in exactly one day's report (docs/decisions.md, "A day that adds up").
   */
  settledAt?: string | undefined;
  /**
   * Restored from another terminal's backup into a day this one had closed since: when it settled
   * there. `settledAt` is then when it arrived here, so this terminal's next Z counts it (no report
   * had: outbox.ts, `restore`).
   */
  settledElsewhereAt?: string | undefined;
  result?: OperationResult | undefined;
  /**
   * The card an answer named that could not be taken (it contradicted its request): a series issue's
   * new card is known nowhere else. The card is read again by it, and a manager finds it by it.
   */
  answeredNumber?: string | undefined;
  /** Why it failed; a refusal that passes (429) keeps the wait the server asked for. */
  error?: { code: string; message: string; retryAfterSeconds?: number | undefined } | undefined;
  replayed?: boolean | undefined;
  /**
   * A resend's success not yet checked against the card (the flow's `verify`, on a server that has
   * not shown it keeps keys): written with the answer, cleared with the check's result. Found set
   * at a start, the window that wrote it died before the check: the sender makes it then.
   */
  toCheck?: Omit<Verification, 'operationId'> | undefined;
  /** What a manager must know, as codes the journal words in its language. */
  notes?: ManagerNote[] | undefined;
  /**
   * Restored from another terminal's backup without its sale (a backup carries none): answered
   * here, a payment's money is a manager's (`saleNotHere`), since nothing here completes or voids it.
   */
  saleElsewhere?: true | undefined;
  /** Records written before 2026-11-24 kept their note as an English sentence: shown as it is. */
  note?: string | undefined;
}

/**
 * The card an issue's record issued: its answer succeeded, or succeeded and a manager was told
 * something after (a series issue after a lost answer: the card is still the customer's).
 */
export function issuedCard(record: OperationRecord | undefined): Instrument | undefined {
  if (!record || (record.status !== 'succeeded' && record.status !== 'attention')) return undefined;
  const type = record.request.type;
  const issue = type.endsWith('.issue') || type.endsWith('.issueInSeries');
  return issue && record.result && 'number' in record.result ? record.result : undefined;
}
