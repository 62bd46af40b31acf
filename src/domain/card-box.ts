import type { InstrumentKind, IssueStatus } from './instrument';
import type { Minor } from './money';
import type { OperationOrder } from './operation';

/**
 * A box of pre-numbered gift cards activated in one go (Xenial: up to 200 in one transaction).
 * Pure: the numbers of the range, and what each card's check decides. Every card is its own issue
 * (its own Idempotency-Key), written with the box in one transaction, so a crash or a second
 * window can never issue a card of the box twice; the box's transactionId groups them at the server.
 *
 *   cardRange(first, last | count)   → the numbers, in order
 *   boxDecide(box, event)            → the next box and the issue to record, or why not
 */

/** One box: at most this many cards (a carton of gift cards; the bench measures 200). */
export const MAX_BOX_CARDS = 200;

export type RangeProblem = 'first' | 'last' | 'count' | 'mismatch' | 'order' | 'tooMany';

/**
 * The numbers from `first` to `last` (same length, same letters before the counting digits) or
 * `count` numbers from `first`. The counting part is the longest run of digits at the end.
 */
export function cardRange(
  first: string,
  to: { last: string } | { count: number },
): { ok: true; numbers: string[] } | { ok: false; problem: RangeProblem } {
  const head = /^(.*?)(\d+)$/.exec(first);
  if (!head) return { ok: false, problem: 'first' };
  const [, prefix = '', digits = ''] = head;
  let count: number;
  if ('last' in to) {
    if (to.last.length !== first.length || !to.last.startsWith(prefix) || !/^\d+$/.test(to.last.slice(prefix.length)))
      return { ok: false, problem: 'mismatch' };
    const span = BigInt(to.last.slice(prefix.length)) - BigInt(digits);
    if (span < 0n) return { ok: false, problem: 'order' };
    if (span >= BigInt(MAX_BOX_CARDS)) return { ok: false, problem: 'tooMany' };
    count = Number(span) + 1;
  } else {
    if (!Number.isSafeInteger(to.count) || to.count < 1) return { ok: false, problem: 'count' };
    if (to.count > MAX_BOX_CARDS) return { ok: false, problem: 'tooMany' };
    count = to.count;
  }
  const start = BigInt(digits);
  const numbers: string[] = [];
  for (let i = 0n; i < BigInt(count); i++) {
    const n = (start + i).toString().padStart(digits.length, '0');
    if (n.length > digits.length) return { ok: false, problem: 'last' }; // ran past the numbers of this length
    numbers.push(prefix + n);
  }
  return { ok: true, numbers };
}

/** Why a card of the box was left alone. `refused:<code>` when the server refused its issue. */
export type BoxSkip = 'alreadyIssued' | 'unknownNumber' | 'notGiftCard';

export interface CardBox {
  boxId: string;
  scope?: string | undefined;
  numbers: string[];
  /** Each card's amount; absent when the series sells at its fixed amount. */
  amount?: Minor | undefined;
  state: 'running' | 'cancelled' | 'finished';
  startedAt: string;
  finishedAt?: string | undefined;
  operatorId?: string | undefined;
  /** number → its issue's operation id (the Idempotency-Key), written in the same transaction as the operation. */
  issued: Record<string, string>;
  /** number → why it was not touched. */
  skipped: Record<string, BoxSkip>;
}

/** What a card's check found: the instrument as the server has it, or nothing under that number. */
export type CardFound = { kind: InstrumentKind; status?: IssueStatus | undefined } | null;

export type BoxEvent =
  | { type: 'checked'; number: string; found: CardFound }
  | { type: 'cancel' }
  /** Every card has its issue or its reason: the box is done. */
  | { type: 'finish' }
  /**
   * The card's issue was turned away before the server looked at it (rate limited, the token
   * refused): nothing was issued, and the card is asked for again when the box is continued.
   */
  | { type: 'turnedAway'; number: string; operationId: string };

export type BoxStep = { box: CardBox; orders: OperationOrder[] } | { rejected: 'stopped' | 'handled' | 'not_done' };

export const BOX_REASON = 'Box of gift cards activated';

export function startBox(
  numbers: string[],
  amount: Minor | undefined,
  meta: { scope: string; operatorId?: string | undefined },
  env: { newId: () => string; now: Date },
): CardBox {
  return {
    boxId: env.newId(),
    scope: meta.scope,
    numbers,
    amount,
    state: 'running',
    startedAt: env.now.toISOString(),
    operatorId: meta.operatorId,
    issued: {},
    skipped: {},
  };
}

const handled = (box: CardBox, number: string) => number in box.issued || number in box.skipped;

/** The next card to check, or null when every card has its issue or its reason. */
export const nextCard = (box: CardBox): string | null => box.numbers.find((n) => !handled(box, n)) ?? null;

export function boxDecide(box: CardBox, event: BoxEvent, env: { newId: () => string; now: Date }): BoxStep {
  switch (event.type) {
    case 'checked': {
      if (box.state !== 'running') return { rejected: 'stopped' };
      if (!box.numbers.includes(event.number) || handled(box, event.number)) return { rejected: 'handled' };
      const skip: BoxSkip | null =
        event.found === null
          ? 'unknownNumber'
          : event.found.kind !== 'giftCard'
            ? 'notGiftCard'
            : event.found.status !== 'notIssued'
              ? 'alreadyIssued'
              : null;
      if (skip) return { box: { ...box, skipped: { ...box.skipped, [event.number]: skip } }, orders: [] };
      const id = env.newId();
      return {
        box: { ...box, issued: { ...box.issued, [event.number]: id } },
        orders: [
          {
            id,
            request: { type: 'giftCard.issue', number: event.number, amount: box.amount },
            transactionId: box.boxId,
            reason: BOX_REASON,
          },
        ],
      };
    }
    case 'cancel':
      if (box.state !== 'running') return { rejected: 'stopped' };
      return { box: { ...box, state: 'cancelled', finishedAt: env.now.toISOString() }, orders: [] };
    case 'turnedAway': {
      if (box.state !== 'running') return { rejected: 'stopped' };
      if (box.issued[event.number] !== event.operationId) return { rejected: 'handled' };
      const { [event.number]: _turnedAway, ...issued } = box.issued;
      return { box: { ...box, issued }, orders: [] };
    }
    case 'finish':
      if (box.state !== 'running') return { rejected: 'stopped' };
      if (nextCard(box) !== null) return { rejected: 'not_done' };
      return { box: { ...box, state: 'finished', finishedAt: env.now.toISOString() }, orders: [] };
  }
}

/** How an issued card of the box ended, from its operation record. */
export type CardOutcome = 'issued' | 'refused' | 'waiting' | 'attention';

export interface BoxSummary {
  /** Cards handled so far (issued, refused, skipped), of `total`. */
  done: number;
  total: number;
  issued: number;
  /** Sum of the issued cards' amounts (as the server answered them). */
  amount: Minor;
  first?: string | undefined;
  last?: string | undefined;
  skipped: { number: string; why: BoxSkip | 'refused' }[];
  waiting: number;
  attention: number;
}

/** The box's figures, from the box and how each of its issues ended (`outcome` by operation id). */
export function boxSummary(box: CardBox, outcome: (id: string) => { state: CardOutcome; amount: Minor }): BoxSummary {
  const summary: BoxSummary = {
    done: 0,
    total: box.numbers.length,
    issued: 0,
    amount: 0,
    skipped: [],
    waiting: 0,
    attention: 0,
  };
  for (const number of box.numbers) {
    const why = box.skipped[number];
    const id = box.issued[number];
    if (why) {
      summary.done += 1;
      summary.skipped.push({ number, why });
      continue;
    }
    if (!id) continue;
    const { state, amount } = outcome(id);
    if (state === 'waiting') {
      summary.waiting += 1;
      continue;
    }
    summary.done += 1;
    if (state === 'attention') summary.attention += 1;
    if (state === 'refused') summary.skipped.push({ number, why: 'refused' });
    if (state !== 'issued') continue;
    summary.issued += 1;
    summary.amount += amount;
    summary.first ??= number;
    summary.last = number;
  }
  return summary;
}
