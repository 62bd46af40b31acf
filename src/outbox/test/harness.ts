import 'fake-indexeddb/auto';
import { translator } from '@/lib/i18n';
import { notesText } from '@/lib/note-text';
import { dayCount } from '../day-count';
import type { OperationRecord } from '../types';
import type { Minor } from '@/domain/money';
import type { Sale } from '@/domain/sale';
import type { SaleAction } from '@/domain/sale-flow';
import { simulatedApi, type Bend } from '@/test-support/simulated-api';
import { openOutboxDb } from '../db';
import { createOutbox } from '../outbox';
import { createPerform } from '../money-path';
import { createReadModel } from '../read-model';
import { createSender } from '../sender';

/**
 * The outbox and its sender against the real simulator handler, on a clock the test moves. `run()`
 * is one wake-up of the sender: everything due is sent and answered.
 */
export function outboxHarness(
  options: {
    onSend?: (request: Request) => void | Promise<void>;
    bend?: Bend;
    keys?: 'kept' | 'ignored';
    /** Another till's: this terminal talks to the same server (its own database, its own sender). */
    sim?: ReturnType<typeof simulatedApi>;
    /** The server's currency as the records keep it (absent: records as kept before they had one). */
    currency?: string;
    /** Told whether each write was kept (the storage report's `recordsWritten`). */
    onWritten?: (ok: boolean) => void;
  } = {},
) {
  let clock = Date.parse('2026-11-22T12:00:00Z');
  const now = () => clock;
  /** Time as it passes (performance.now()): setting the device's clock back does not move it. */
  let passed = 0;
  const sim = options.sim ?? simulatedApi({}, undefined, options.onSend, now, options.bend, options.keys);
  const db = openOutboxDb(`outbox-${crypto.randomUUID()}`);
  // As the money path makes it: the store's numbers those of the API's settings (simulatedApi's).
  const outbox = createOutbox(db, {
    scope: 'test',
    training: true,
    operatorId: 'op7',
    storeId: 1,
    workstationId: 7,
    currency: options.currency,
    now: () => new Date(clock),
    onWritten: options.onWritten,
  });
  const reads = createReadModel(() => db, 'test');
  const sender = createSender({ api: sim.api, outbox, reads, now, elapsed: () => passed });
  const perform = createPerform(outbox, 'tab-1', options.currency);
  let current: string | null = null;

  const sale = async (): Promise<Sale> => {
    const found = current ? await reads.getSale(current) : undefined;
    if (!found) throw new Error('no sale');
    return found;
  };

  return {
    ...sim,
    db,
    outbox,
    reads,
    perform,
    sender,
    sale,
    lineStates: async () => (await sale()).lines.map((l) => l.state.name),
    /**
     * The cashier's next sale: the one on the screen, if finished, is moved on from first ("Next
     * sale"), as the screen asks. `window`: another window of this terminal (its own screen), for a
     * test that leaves a sale open in this one.
     */
    async start(due: Minor, window = 'tab-1') {
      if (current) await perform({ type: 'saleAction', transactionId: current, action: { type: 'close' } });
      const s = await (window === 'tab-1' ? perform : createPerform(outbox, window, options.currency))({
        type: 'startSale',
        due,
      });
      if (s === 'busy') throw new Error('a sale is already on this window’s screen');
      current = s.transactionId;
      return s;
    },
    act: (action: SaleAction) => perform({ type: 'saleAction', transactionId: current ?? '', action }),
    /** One wake-up of the sender (after the clock has moved past any back-off). */
    async run() {
      await sender.kick();
      await sender.idle();
    },
    /** The test's clock, in milliseconds. */
    now,
    /** Time as it passed, in milliseconds: what back-offs run on. */
    elapsed: () => passed,
    /** As if time passed: back-offs run out, holds lapse (a negative time: the device clock set back). */
    advance: (ms: number) => {
      clock += ms;
      passed += Math.max(0, ms);
    },
    /** What a day report reading [from, to) counts, as closing a day checks it. */
    async counted(from: string, to: string) {
      return dayCount(await reads.settledBetween(from, to), await reads.salesFinishedBetween(from, to));
    },
    /** Another window (or the same after a reload): a second sender over the same database. */
    secondSender: () =>
      createSender({
        api: sim.api,
        outbox: createOutbox(db, { scope: 'test', training: true, now: () => new Date(clock) }),
        reads: createReadModel(() => db, 'test'),
        now,
        elapsed: () => passed,
      }),
  };
}

/** A record's notes as an English-speaking manager reads them in the journal. */
export const notesInEnglish = (record: OperationRecord | undefined): string =>
  record ? notesText(translator('en-IE'), record, { currency: 'EUR', locale: 'en-IE' }) : '';
