import { turnedAway } from '@/api/errors';
import { nextCard, type CardBox, type CardFound } from '@/domain/card-box';
import type { Perform } from '@/outbox/money-path';
import type { ReadModel } from '@/outbox/read-model';
import type { OperationRecord } from '@/outbox/types';

export interface BoxRunnerDeps {
  perform: Perform;
  reads: ReadModel;
  /** The card as the server has it now (null: no such number); 'unreachable' when it cannot be asked. */
  check: (number: string) => Promise<CardFound | 'unreachable' | 'paused'>;
  /** Resolves once the operation's outcome is known (settled.ts). */
  settled: (operationId: string, signal: AbortSignal) => Promise<OperationRecord | undefined>;
}

/** `refused`: a card refused for what every card of the box would meet (its code): nothing more is sent. */
export type BoxRunEnd = 'finished' | 'cancelled' | 'unreachable' | 'paused' | 'stopped' | { refused: string };

/**
 * Refusals that are the box's, not the card's: the amount, the merchant, the series, the request
 * itself. The next card would be refused the same way, and the one after: 200 requests for 200
 * refusals, each named only "refused" in the summary.
 */
const BOX_WIDE = new Set([
  'invalid_amount',
  'invalid_request',
  'merchant_not_allowed',
  'series_not_found',
  'loyalty_group_not_found',
  'currency_changed',
]);

/**
 * Works through a box one card at a time: the card is checked at the server, its issue (or why it
 * is left alone) written with the box in one transaction, and its outcome awaited before the next
 * card, so that a cancel takes effect between cards. Run again after a crash or a reload, it first
 * waits for the issues already recorded (the sender sends them with their own keys), then carries on
 * with the cards that have neither an issue nor a reason: none is issued twice.
 */
export async function runBox(
  boxId: string,
  deps: BoxRunnerDeps,
  signal: AbortSignal,
  onCard: () => void = () => undefined,
): Promise<BoxRunEnd> {
  const { perform, reads } = deps;
  /**
   * Waits for every issue of the box to be answered (this runner's, an earlier run's, another
   * window's); a card whose issue was turned away unread (429, 401: nothing issued) is freed, to be
   * asked for again. Whether one was.
   */
  const answeredAll = async (box: CardBox): Promise<boolean> => {
    let freed = false;
    for (const [number, id] of Object.entries(box.issued)) {
      const record = await deps.settled(id, signal);
      if (record?.status === 'refused' && turnedAway(record.error?.code)) {
        await perform({ type: 'boxEvent', boxId, event: { type: 'turnedAway', number, operationId: id } });
        freed = true;
      }
    }
    return freed;
  };
  let first = true;
  for (;;) {
    if (signal.aborted) return 'stopped';
    const box = await reads.box(boxId);
    if (!box) return 'stopped';
    if (box.state !== 'running') return box.state;
    if (first) {
      await answeredAll(box);
      first = false;
      continue;
    }
    const number = nextCard(box);
    if (number === null) {
      // Every card's issue answered first: a box is not said done while a card of it waits for its
      // answer, nor with a card turned away (it is asked for again).
      if (await answeredAll(box)) continue;
      if (signal.aborted) return 'stopped';
      const step = await perform({ type: 'boxEvent', boxId, event: { type: 'finish' } });
      onCard();
      // A card another window freed meanwhile: not done yet.
      if (step !== 'no_box' && 'rejected' in step && step.rejected === 'not_done') continue;
      // Cancelled meanwhile (the wait above is long when another window's card waits): that stands.
      return (await reads.box(boxId))?.state === 'cancelled' ? 'cancelled' : 'finished';
    }
    const found = await deps.check(number);
    if (found === 'unreachable' || found === 'paused') return found;
    if (signal.aborted) return 'stopped';
    const step = await perform({ type: 'boxEvent', boxId, event: { type: 'checked', number, found } });
    onCard();
    if (step !== 'no_box' && !('rejected' in step))
      for (const order of step.orders) {
        const record = await deps.settled(order.id, signal);
        onCard();
        // Turned away unread (rate limited, the token refused): the card is not left out for good.
        // The box stops as when the server is gone; continued, it asks for the card again.
        if (record?.status === 'refused' && turnedAway(record.error?.code)) {
          await perform({ type: 'boxEvent', boxId, event: { type: 'turnedAway', number, operationId: order.id } });
          onCard();
          return 'unreachable';
        }
        // The box stays as it is (not finished), that card freed: continued once it is put right, it
        // is asked for again; or the box is stopped there.
        if (record?.status === 'refused' && BOX_WIDE.has(record.error?.code ?? '')) {
          await perform({ type: 'boxEvent', boxId, event: { type: 'turnedAway', number, operationId: order.id } });
          onCard();
          return { refused: record.error!.code };
        }
      }
  }
}
