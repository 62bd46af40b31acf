import { createLoyaltyApi, type ApiConfig } from '@/api/loyalty-api';
import { startBox, type BoxEvent, type BoxStep, type CardBox } from '@/domain/card-box';
import { startCashOut, type CashOutPolicy, type CashOutRefusal } from '@/domain/cash-out';
import type { Instrument } from '@/domain/instrument';
import type { Minor } from '@/domain/money';
import type { OperationRequest } from '@/domain/operation';
import type { ReturnRefusal, ReturnSettings, SaleReturn } from '@/domain/return-flow';
import type { Sale, TillOrder } from '@/domain/sale';
import { decide, startSale, startTillSale, type FlowStep, type SaleAction } from '@/domain/sale-flow';
import type { DayCount } from './day-count';
import { outboxDb, useStorageStore, type ZReport } from './db';
import { createOutbox, type CloseForTill, type Outbox } from './outbox';
import type { ReadModel } from './read-model';
import type { Restored } from './restore';
import { createSender } from './sender';
import type { OperationRecord } from './types';

/**
 * The money path for one server: the API layer, the outbox's write side, the one sender and the
 * one executor (`createPerform`, below: every money operation starts there). A chunk of its own (OutboxProvider loads it after the first paint, or at the first
 * `perform`): nothing on the first screen needs it until the cashier starts a sale.
 */
export function startMoneyPath(context: {
  apiConfig: ApiConfig;
  reads: ReadModel;
  scope: string;
  training: boolean;
  operatorId?: string | undefined;
  operatorName?: string | undefined;
  tab: string;
  onAnswered: (record: OperationRecord) => void;
  /** Whether the saved settings still name this server and mode (terminal-context.ts): else nothing is begun. */
  stillCurrent?: (() => boolean) | undefined;
}) {
  const { apiConfig, reads, scope, training, operatorId, operatorName, tab, onAnswered, stillCurrent } = context;
  const { storeId, workstationId, currency } = apiConfig;
  writeNews();
  const outbox = createOutbox(outboxDb(), {
    scope,
    training,
    operatorId,
    operatorName,
    storeId,
    workstationId,
    currency,
    stillCurrent,
    onWritten: recordsWritten,
  });
  const sender = createSender({
    api: createLoyaltyApi(apiConfig),
    outbox,
    reads,
    onAnswered,
  });
  return { outbox, sender, perform: createPerform(outbox, tab, apiConfig.currency) };
}

export type MoneyPath = ReturnType<typeof startMoneyPath>;

/**
 * A write to the records was kept (true) or refused as a full device refuses it (false): the storage
 * report says so on every screen (`unwritable`, db.ts), in every window of the terminal: the one
 * device is full for all of them, and the window that sends (and writes the answers) may not be the
 * one the cashier looks at. Here, not in db.ts: only the money path writes.
 */
export function recordsWritten(ok: boolean): void {
  const at = Math.max(Date.now(), lastOutcome + 1); // newer than anything heard, whatever the clock did
  outcome(ok, at);
  writeNews()?.postMessage({ written: ok, at } satisfies WriteNews);
}

/** What a window tells the others of each write: kept or refused, and when. */
type WriteNews = { written: boolean; at: number };
export const WRITE_NEWS_CHANNEL = 'loyalty-terminal-writes';
/** The latest outcome taken, here or from another window: an older one heard late changes nothing. */
let lastOutcome = 0;
let newsChannel: BroadcastChannel | null | undefined;

function outcome(ok: boolean, at: number) {
  lastOutcome = Math.max(lastOutcome, at);
  const { usable } = useStorageStore.getState();
  if (!ok && usable === 'yes') useStorageStore.setState({ usable: 'unwritable' });
  if (ok && usable === 'unwritable') useStorageStore.setState({ usable: 'yes' });
}

const isWriteNews = (data: unknown): data is WriteNews =>
  typeof data === 'object' &&
  data !== null &&
  typeof (data as WriteNews).written === 'boolean' &&
  Number.isFinite((data as WriteNews).at);

/** The other windows' write outcomes, heard from the money path's start (same origin only, by the browser's rule). */
function writeNews(): BroadcastChannel | null {
  if (newsChannel !== undefined) return newsChannel;
  newsChannel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(WRITE_NEWS_CHANNEL);
  if (newsChannel) {
    (newsChannel as unknown as { unref?: () => void }).unref?.(); // Node keeps a process alive for an open channel
    newsChannel.onmessage = (event: MessageEvent) => {
      const news: unknown = event.data;
      // At the same moment as the latest taken, a refusal wins: the device refused a write then.
      if (isWriteNews(news) && (news.at > lastOutcome || (news.at === lastOutcome && !news.written)))
        outcome(news.written, news.at);
    };
  }
  return newsChannel;
}

/**
 * Everything a cashier, a manager or a till asks of the money path. Each is decided by the pure
 * flow and written, with the operations it must send, in one durable transaction; the write tells
 * the screens and wakes the sender. Nothing here sends: only the sender does, through dispatch().
 */
export type Intent =
  /** The cashier keyed the amount due: a sale of this window's. */
  | { type: 'startSale'; due: Minor }
  /**
   * A till handed a sale over; started once per till reference, whatever window asks. This
   * window's sales still on screen are closed with it if `replaces` says so, else it is 'busy':
   * decided in the write that starts it.
   */
  | { type: 'startTillSale'; till: TillOrder; due: Minor; replaces: (onScreen: Sale) => boolean }
  /** A cashier's or a till's action on a sale (tender, remove a line, complete, void, reverse, close). */
  | { type: 'saleAction'; transactionId: string; action: SaleAction }
  /** An operation that belongs to no sale: issue or un-issue a card. */
  | { type: 'operation'; request: OperationRequest; reason: string; loaded?: Minor | undefined }
  /** Take over a sale whose window is gone (a crash, a closed tab); `replaces` as for startTillSale. */
  | { type: 'adopt'; transactionId: string; from: string | undefined; replaces?: (onScreen: Sale) => boolean }
  /** Money of a completed sale given back (return-flow.ts), checked against earlier returns in the same write. */
  | { type: 'startReturn'; saleId: string; amount: Minor; settings: ReturnSettings; requestId?: string }
  /** A box of pre-numbered gift cards to activate (card-box.ts); each card is its own issue. */
  | { type: 'startBox'; numbers: string[]; amount: Minor | undefined; operatorId?: string | undefined }
  /** One card of a box checked (its issue recorded with it), or the box cancelled or finished. */
  | { type: 'boxEvent'; boxId: string; event: BoxEvent }
  /** A small gift card balance paid out in cash (cash-out.ts): the card's whole balance taken, pay then commit. */
  | { type: 'startCashOut'; card: Instrument; policy: CashOutPolicy }
  /** The day closed: a numbered Z report, kept as it is now. */
  | { type: 'closeDay'; z: Omit<ZReport, 'scope' | 'number'>; counted: DayCount }
  /** A backup brought to this tablet: its journal, and what waits, sent with the same keys. */
  | { type: 'restore'; records: OperationRecord[]; zReports?: ZReport[] };

/** What each intent gives back, by its type. */
export interface Performed {
  startSale: Sale | 'busy';
  startTillSale: { sale: Sale; started: boolean } | 'busy';
  saleAction: FlowStep | null;
  operation: OperationRecord;
  adopt: 'busy' | undefined;
  restore: Restored;
  startReturn: SaleReturn | ReturnRefusal | 'no_sale' | 'id_reused';
  closeDay: ZReport | 'already_closed' | 'changed';
  startBox: CardBox | { overlaps: CardBox };
  startCashOut: Sale | CashOutRefusal;
  boxEvent: BoxStep | 'no_box';
}

export type Perform = <I extends Intent>(intent: I) => Promise<Performed[I['type']]>;

/** The one executor: `perform(intent)`. `tab` is this window, the owner of the sales it starts (in `currency`). */
export function createPerform(outbox: Outbox, tab: string, currency?: string): Perform {
  const owner = { scope: outbox.scope, owner: tab, currency };
  /** A sale on this window's screen closed for a till's sale, as the cashier's "Next sale" closes it. */
  const closeFor =
    (replaces: (onScreen: Sale) => boolean): CloseForTill =>
    (onScreen, env) => {
      const step = replaces(onScreen) ? decide(onScreen, { type: 'close' }, env) : null;
      return step && !step.rejected ? step : null;
    };
  async function run(intent: Intent): Promise<Performed[Intent['type']]> {
    switch (intent.type) {
      case 'startSale':
        return outbox.startSale(startSale(intent.due, owner, outbox.env()));
      case 'startTillSale':
        return outbox.startTillSale(
          startTillSale(intent.till, intent.due, owner, outbox.env()),
          closeFor(intent.replaces),
        );
      case 'saleAction':
        return outbox.act(intent.transactionId, (sale, env) => decide(sale, intent.action, env));
      case 'operation':
        return outbox.record({
          id: crypto.randomUUID(),
          request: intent.request,
          transactionId: crypto.randomUUID(),
          reason: intent.reason,
          ...(intent.loaded !== undefined && { loaded: intent.loaded }),
        });
      case 'adopt':
        return outbox.adopt(intent.transactionId, intent.from, tab, intent.replaces && closeFor(intent.replaces));
      case 'restore':
        return outbox.restore(intent.records, intent.zReports);
      case 'closeDay':
        return outbox.closeDay(intent.z, intent.counted);
      case 'startCashOut': {
        const step = startCashOut(intent.card, intent.policy, owner, outbox.env());
        if (typeof step === 'string') return step;
        await outbox.begin(step);
        return step.sale;
      }
      case 'startBox': {
        const box = startBox(
          intent.numbers,
          intent.amount,
          { scope: outbox.scope, operatorId: intent.operatorId },
          outbox.env(),
        );
        return (await outbox.startBox(box)) ?? box;
      }
      case 'boxEvent':
        return outbox.boxEvent(intent.boxId, intent.event);
      case 'startReturn':
        return outbox.startReturn(intent.saleId, intent.amount, intent.settings, intent.requestId);
    }
  }
  // Each case returns its intent's own result; TypeScript cannot narrow the generic return by the switch.
  return run as Perform;
}
