import { afterEach, describe, expect, it } from 'vitest';
import { makeBackup, openBackup } from '../backup';
import { dayCount } from '../day-count';
import { openOutboxDb, type ZReport } from '../db';
import { createOutbox } from '../outbox';
import { createPerform } from '../money-path';
import { createReadModel } from '../read-model';
import { createSender } from '../sender';
import { getInstrument } from '@/api/loyalty-api';
import { readDay } from '@/features/journal/read-day';
import { outboxHarness } from './harness';

let stops: (() => void)[] = [];
afterEach(() => {
  for (const stop of stops) stop();
  stops = [];
});

/** A sale on one tablet whose commit cannot reach the server: the commit waits. */
async function tabletWithAWaitingCommit() {
  const t = outboxHarness();
  stops.push(() => t.sender.stop());
  await t.start(2000);
  await t.act({ type: 'tender', kind: 'giftCard', number: '700100000001', amount: 2000, availableBefore: 5000 });
  await t.run();
  t.app.faults.replace({ next: { count: 100, kind: 'unavailable', path: '/_commit' } });
  await t.act({ type: 'complete' });
  await t.run();
  return t;
}

/** A new or reset tablet against the same server: an empty outbox of its own. */
function newTablet(t: ReturnType<typeof outboxHarness>) {
  const db = openOutboxDb(`outbox-${crypto.randomUUID()}`);
  const outbox = createOutbox(db, { scope: 'test', training: true });
  const reads = createReadModel(() => db, 'test');
  const sender = createSender({ api: t.api, outbox, reads });
  stops.push(() => sender.stop());
  return { perform: createPerform(outbox, 'tab-new'), reads, sender };
}

describe('a backup taken off one tablet and brought to another', () => {
  it('carries masked numbers in clear, no customer and no token; what waits is sealed', async () => {
    const t = await tabletWithAWaitingCommit();
    const backup = await makeBackup(await t.reads.everything(), 'correct horse');
    const text = JSON.stringify(backup);
    expect(text).not.toMatch(/700100000001/);
    expect(text).toContain('•••• 0001');
    expect(text).not.toMatch(/demo-token|customer/);
    expect(backup.waiting).not.toBeNull();
  });

  it('masks a card named whole in a record’s words: a server’s message, a note for the manager', async () => {
    const t = outboxHarness();
    stops.push(() => t.sender.stop());
    // A lookup answered for another card than asked: the note names both.
    t.app.faults.clear();
    const record = await t.perform({
      type: 'operation',
      request: { type: 'giftCard.issue', number: '700100001003', amount: 1000 },
      reason: 'Gift card sold',
    });
    await t.outbox.flag(record.id, { code: 'contradicted', detail: 'the answer is for card 700100000009' });
    const kept = await t.reads.everything();
    const words = kept.map((r) => ({ ...r, error: { code: 'x', message: 'Card 700100001003 is blocked' } }));
    const text = JSON.stringify(await makeBackup(words, 'correct horse'));
    expect(text).not.toMatch(/700100001003|700100000009/);
    expect(text).toContain('•••• 0009');
  });

  it('masks the card a contradicted issue named (kept for the manager), and the file still opens', async () => {
    const t = outboxHarness({
      bend: (path, body) =>
        path.endsWith('/giftcards/_issue')
          ? { ...body, account: { ...(body.account as object), amountOriginal: 50, amountNet: 50 } }
          : body,
    });
    stops.push(() => t.sender.stop());
    const sold = await t.perform({
      type: 'operation',
      request: { type: 'giftCard.issueInSeries', series: 'GC3', amount: 2500 },
      reason: 'Gift card sold',
    });
    await t.run();
    const named = (await t.reads.get(sold.id))?.answeredNumber;
    expect(named).toMatch(/^7003\d{8}$/);
    const text = JSON.stringify(await makeBackup(await t.reads.everything(), 'correct horse'));
    expect(text).not.toContain(named);
    expect(text).toContain(`•••• ${named!.slice(-4)}`);
    const opened = await openBackup(text, 'correct horse');
    expect(opened.ok && opened.journal.find((r) => r.id === sold.id)?.answeredNumber).toBe(`•••• ${named!.slice(-4)}`);
  });

  it('sends the waiting commit exactly once, however often the file is imported', async () => {
    const t = await tabletWithAWaitingCommit();
    const text = JSON.stringify(await makeBackup(await t.reads.everything(), 'correct horse'));
    t.sender.stop(); // the old tablet is gone
    t.app.faults.clear();

    const tablet = newTablet(t);
    const opened = await openBackup(text, 'correct horse');
    if (!opened.ok) throw new Error(opened.problem);
    expect(opened.waiting.map((r) => r.request.type)).toEqual(['giftCard.commit']);
    const first = await tablet.perform({ type: 'restore', records: [...opened.journal, ...opened.waiting] });
    await tablet.sender.kick();
    await tablet.sender.idle();
    expect(t.state().authorizations.map((a) => a.status)).toEqual(['committed']);
    expect(t.state().instruments.find((i) => i.number === '700100000001')?.amountNet).toBe(30);

    const again = await tablet.perform({ type: 'restore', records: [...opened.journal, ...opened.waiting] });
    expect(again).toEqual({ added: 0, skipped: first.added, zLeftOut: 0, countedToday: 0 });
    await tablet.sender.kick();
    await tablet.sender.idle();
    expect(await tablet.reads.counts()).toEqual({ waiting: 0, attention: 0 });
    // One commit reached the server's journal, with the key the first tablet recorded.
    const commits = t.sent.filter((r) => r.method === 'POST' && r.url.endsWith('/_commit'));
    expect(new Set(commits.map((r) => r.headers.get('idempotency-key')))).toEqual(new Set([opened.waiting[0]?.id]));
  });

  it('carries a void that waits to give back a payment whose outcome was lost, and the new tablet sends it', async () => {
    const t = outboxHarness({ keys: 'ignored' });
    stops.push(() => t.sender.stop());
    await t.start(15000);
    // 120.00 taken by an attempt whose answer was lost; the resend denied: a manager's.
    t.app.faults.replace({ next: { count: 1, kind: 'drop', path: '/_pay' } });
    await t.act({ type: 'tender', kind: 'loyaltyCard', number: '710100000001', amount: 12000, availableBefore: 12000 });
    await t.run();
    t.advance(2000);
    await t.run();
    t.app.faults.replace({ next: { count: 100, kind: 'unavailable', path: '/_voidPayment' } });
    await t.act({ type: 'void' });
    await t.run();
    const text = JSON.stringify(await makeBackup(await t.reads.everything(), 'correct horse'));
    t.sender.stop();
    t.app.faults.clear();

    const tablet = newTablet(t);
    const opened = await openBackup(text, 'correct horse');
    if (!opened.ok) throw new Error(opened.problem);
    expect(opened.waiting.map((r) => r.request)).toEqual([
      { type: 'loyaltyCard.voidPayment', number: '710100000001', amount: 0, unknownUpTo: 12000 },
    ]);
    await tablet.perform({ type: 'restore', records: [...opened.journal, ...opened.waiting] });
    await tablet.sender.kick();
    await tablet.sender.idle();
    expect(t.state().instruments.find((i) => i.number === '710100000001')?.amountNet).toBe(120);
  });

  it('a payment the new tablet settles for a sale it does not have goes to a manager, named, never settled in silence', async () => {
    const t = outboxHarness();
    stops.push(() => t.sender.stop());
    await t.start(15000);
    // The loyalty payment's answer lost on the old tablet: it waits, unknown, in the backup.
    t.app.faults.replace({ next: { count: 100, kind: 'drop', path: '/_pay' } });
    await t.act({ type: 'tender', kind: 'loyaltyCard', number: '710100000001', amount: 12000, availableBefore: 12000 });
    await t.run();
    const text = JSON.stringify(await makeBackup(await t.reads.everything(), 'correct horse'));
    t.sender.stop(); // the old tablet is gone, its sale with it
    t.app.faults.clear();

    const tablet = newTablet(t);
    const opened = await openBackup(text, 'correct horse');
    if (!opened.ok) throw new Error(opened.problem);
    expect(opened.waiting.map((r) => r.request.type)).toEqual(['loyaltyCard.pay']);
    await tablet.perform({ type: 'restore', records: [...opened.journal, ...opened.waiting] });
    await tablet.sender.kick();
    await tablet.sender.idle();
    // The points were taken (the resend replayed), for a sale nobody will finish or void here.
    expect(t.state().instruments.find((i) => i.number === '710100000001')?.amountNet).toBe(0);
    expect(await tablet.reads.counts()).toEqual({ waiting: 0, attention: 1 });
    expect(await tablet.reads.get(opened.waiting[0]!.id)).toMatchObject({
      status: 'attention',
      notes: [{ code: 'saleNotHere' }],
    });
    // The day's report counts it where it settled (the points were taken) and names it for the manager.
    const day = await readDay(tablet.reads, 'EUR');
    expect(day.report.byKind.loyaltyCard.taken).toEqual({ count: 1, amount: 12000 });
    expect(day.report.flagged?.map((f) => f.type)).toEqual(['loyaltyCard.pay']);
  });

  it('a loyalty payment the new tablet finds denied took nothing: no manager is told to give it back', async () => {
    const t = outboxHarness();
    stops.push(() => t.sender.stop());
    await t.start(15000);
    // An expired loyalty card: the server answers 200, denied, nothing approved; the old tablet never heard it.
    t.app.faults.replace({ next: { count: 100, kind: 'unavailable', path: '/_pay' } });
    await t.act({ type: 'tender', kind: 'loyaltyCard', number: '710100000007', amount: 500, availableBefore: 500 });
    await t.run();
    const text = JSON.stringify(await makeBackup(await t.reads.everything(), 'correct horse'));
    t.sender.stop();
    t.app.faults.clear();
    const tablet = newTablet(t);
    const opened = await openBackup(text, 'correct horse');
    if (!opened.ok) throw new Error(opened.problem);
    await tablet.perform({ type: 'restore', records: [...opened.journal, ...opened.waiting] });
    await tablet.sender.kick();
    await tablet.sender.idle();
    const record = await tablet.reads.get(opened.waiting[0]!.id);
    expect(record).toMatchObject({ status: 'succeeded', result: { result: 'denied', approvedAmount: 0 } });
    expect(record?.notes ?? []).toEqual([]);
  });

  it('refuses a wrong passphrase, a file that is not a backup, and a changed one, in so many words', async () => {
    const t = await tabletWithAWaitingCommit();
    const backup = await makeBackup(await t.reads.everything(), 'correct horse');
    expect(await openBackup(JSON.stringify(backup), 'wrong')).toEqual({ ok: false, problem: 'wrong_passphrase' });
    expect(await openBackup('{"hello":1}', 'correct horse')).toEqual({ ok: false, problem: 'not_a_backup' });
    expect(await openBackup('not json', 'correct horse')).toEqual({ ok: false, problem: 'not_a_backup' });
    // One character of the sealed data changed (to another one: it may already have been an "A").
    const flip = (c: string) => (c === 'A' ? 'B' : 'A');
    const changed = { ...backup, waiting: { ...backup.waiting!, data: backup.waiting!.data.replace(/^./, flip) } };
    expect((await openBackup(JSON.stringify(changed), 'correct horse')).ok).toBe(false);
    const broken = { ...backup, journal: [{ id: 'x' }] };
    expect(await openBackup(JSON.stringify(broken), 'correct horse')).toEqual({ ok: false, problem: 'damaged' });
  });

  it('a resend’s check the old tablet had not made comes over named for a manager: its masked number is never read', async () => {
    const t = outboxHarness();
    stops.push(() => t.sender.stop());
    await t.start(2000);
    await t.act({ type: 'tender', kind: 'giftCard', number: '700100000001', amount: 2000, availableBefore: 5000 });
    await t.run();
    const id = (await t.sale()).lines[0]?.payOperationId ?? '';
    const paid = await t.reads.get(id);
    if (!paid) throw new Error('no payment');
    // The old tablet died between a resend's answer and the card's read that checks it.
    const check = { kind: 'giftCard' as const, number: '700100000001', availableAtLeast: 3000 };
    const text = JSON.stringify(await makeBackup([{ ...paid, toCheck: check }], 'correct horse'));
    expect(text).not.toMatch(/700100000001/);
    t.sender.stop();

    const tablet = newTablet(t);
    const opened = await openBackup(text, 'correct horse');
    if (!opened.ok) throw new Error(opened.problem);
    await tablet.perform({ type: 'restore', records: [...opened.journal, ...opened.waiting] });
    await tablet.sender.kick();
    await tablet.sender.idle();
    expect(await tablet.reads.get(id)).toMatchObject({ status: 'attention', notes: [{ code: 'notChecked' }] });
    expect(await tablet.reads.counts()).toEqual({ waiting: 0, attention: 1 });
    expect(t.sent.filter((r) => r.method === 'GET').map((r) => decodeURIComponent(r.url))).not.toContainEqual(
      expect.stringContaining('•'),
    );
  });
});

describe('the Z reports come along', () => {
  it('are carried in the file (masked) and kept once on the new tablet', async () => {
    const t = await tabletWithAWaitingCommit();
    const z = await t.perform({
      type: 'closeDay',
      z: {
        from: '',
        closedAt: '2026-11-22T20:00:00.000Z',
        report: { open: [] },
        carried: [{ id: 'x', type: 'giftCard.commit', maskedNumber: '•••• 0001', status: 'unknown', createdAt: '' }],
      },
      counted: await t.counted('', '2026-11-22T20:00:00.000Z'),
    });
    if (z === 'already_closed') throw new Error(z);
    const text = JSON.stringify(
      await makeBackup(await t.reads.everything(), 'correct horse', new Date(), await t.reads.allZReports()),
    );
    const opened = await openBackup(text, 'correct horse');
    if (!opened.ok) throw new Error(opened.problem);
    expect(opened.zReports?.map((r) => [r.number, r.carried.length])).toEqual([[1, 1]]);
    const tablet = newTablet(t);
    await tablet.perform({ type: 'restore', records: opened.waiting, zReports: opened.zReports });
    const again = await tablet.perform({ type: 'restore', records: opened.waiting, zReports: opened.zReports });
    expect(again.zLeftOut).toBe(0); // the same closed day, already here
    expect((await tablet.reads.zReports()).map((r) => r.number)).toEqual([1]);
  });

  it('leave alone a tablet that has closed days of its own: its day still starts at its last close', async () => {
    const t = await tabletWithAWaitingCommit();
    for (const closedAt of ['2026-11-22T20:00:00.000Z', '2026-11-22T21:00:00.000Z']) {
      const from = (await t.reads.zReports())[0]?.closedAt ?? '';
      const z = await t.perform({
        type: 'closeDay',
        z: { from, closedAt, report: { open: [] }, carried: [] },
        counted: await t.counted(from, closedAt),
      });
      expect(z).toMatchObject({ closedAt });
    }
    const opened = await openBackup(
      JSON.stringify(
        await makeBackup(await t.reads.everything(), 'correct horse', new Date(), await t.reads.allZReports()),
      ),
      'correct horse',
    );
    if (!opened.ok) throw new Error(opened.problem);
    const tablet = newTablet(t);
    const ownClose = '2026-11-23T20:00:00.000Z';
    const own = await tablet.perform({
      type: 'closeDay',
      z: { from: '', closedAt: ownClose, report: { open: [] }, carried: [] },
      counted: dayCount(
        await tablet.reads.settledBetween('', ownClose),
        await tablet.reads.salesFinishedBetween('', ownClose),
      ),
    });
    expect(own).toMatchObject({ number: 1 });
    const restored = await tablet.perform({ type: 'restore', records: opened.waiting, zReports: opened.zReports });
    expect(restored.zLeftOut).toBe(2);
    expect((await tablet.reads.zReports()).map((r) => [r.number, r.closedAt])).toEqual([[1, ownClose]]);
  });
});

describe('closed days brought in by a second, newer backup', () => {
  const TX = '5f0c3c2e-8a3b-4c1e-9d2a-1b2c3d4e5f60';
  type Tablet = Pick<ReturnType<typeof outboxHarness>, 'perform' | 'reads'>;
  const dayOf = (tablet: Tablet, at: number) => readDay(tablet.reads, 'EUR', new Date(at + 1));
  async function close(tablet: Tablet, at: number) {
    const day = await dayOf(tablet, at);
    const closing = {
      from: day.report.from,
      closedAt: day.report.to,
      report: { ...day.report, open: [] },
      carried: [],
    };
    return tablet.perform({ type: 'closeDay', z: closing, counted: day.counted });
  }
  async function pay(t: ReturnType<typeof outboxHarness>, amount: number) {
    const request = { type: 'loyaltyCard.pay', number: '710100000001', amount } as const;
    await t.outbox.record({ id: crypto.randomUUID(), request, transactionId: TX, reason: 'Sale' });
    await t.run();
    t.advance(60_000);
  }
  async function backupOf(t: ReturnType<typeof outboxHarness>) {
    const file = await makeBackup(await t.reads.everything(), 'correct horse', new Date(), await t.reads.allZReports());
    const opened = await openBackup(JSON.stringify(file), 'correct horse');
    if (!opened.ok) throw new Error(opened.problem);
    return opened;
  }
  /** A payment of 1.00 this tablet took itself (not in the backup), 30 s before the backup's Z `number` closed. */
  async function ownPayment(tablet: Tablet, backup: Awaited<ReturnType<typeof backupOf>>, number: number) {
    const like = backup.journal.find((r) => 'amount' in r.request && r.request.amount === 100);
    if (!like) throw new Error('no payment of 1.00');
    const closedAt = backup.zReports?.find((z) => z.number === number)?.closedAt ?? '';
    const at = new Date(Date.parse(closedAt) - 30_000).toISOString();
    await tablet.perform({
      type: 'restore',
      records: [{ ...like, id: 'own-1', createdAt: at, settledAt: at, updatedAt: at }],
    });
  }
  /** The old tablet: Z 1, a morning backup, 2.50 more, Z 2, an evening backup. */
  async function twoBackups() {
    const t = outboxHarness();
    stops.push(() => t.sender.stop());
    await pay(t, 100);
    expect(await close(t, t.now())).toMatchObject({ number: 1 });
    t.advance(60_000);
    const morning = await backupOf(t);
    await pay(t, 250);
    expect(await close(t, t.now())).toMatchObject({ number: 2 });
    t.advance(60_000);
    return { t, morning, evening: await backupOf(t) };
  }

  it('are left out where this tablet paid out in their time the cash its own Z named as owed: that payout would be on no report', async () => {
    const t = outboxHarness();
    stops.push(() => t.sender.stop());
    const card = await getInstrument(t.api, 'giftCard', '700100000009');
    const cashOut = (await t.perform({ type: 'startCashOut', card, policy: { enabled: true, threshold: 1500 } })) as {
      transactionId: string;
    };
    await t.run();
    await t.run();
    expect(await close(t, t.now())).toMatchObject({ number: 1, report: { cashOwed: [{ amount: 700 }] } });
    t.advance(60_000);
    const first = await backupOf(t);
    // Another tablet takes that backup, and closes a day of its own after it.
    const other = newTablet(t);
    await other.perform({ type: 'restore', records: [...first.journal, ...first.waiting], zReports: first.zReports });
    t.advance(60_000);
    // Meanwhile this tablet pays the cash out.
    await t.perform({ type: 'saleAction', transactionId: cashOut.transactionId, action: { type: 'paidOut' } });
    t.advance(60_000);
    expect(await close(other, t.now())).toMatchObject({ number: 2 });
    const second = await backupOf({ reads: other.reads } as ReturnType<typeof outboxHarness>);

    const restored = await t.perform({ type: 'restore', records: second.journal, zReports: second.zReports });
    expect(restored.zLeftOut).toBe(1);
    expect((await t.reads.zReports()).map((z) => z.number)).toEqual([1]);
    const day = await dayOf(t, t.now());
    expect(day.report.paidOutLate).toEqual([expect.objectContaining({ id: cashOut.transactionId, owedAtZ: 1 })]);
  });

  it('continue the chain the first one brought: counted once, and the next Z is number 3', async () => {
    const { t, morning, evening } = await twoBackups();
    const tablet = newTablet(t);
    await tablet.perform({
      type: 'restore',
      records: [...morning.journal, ...morning.waiting],
      zReports: morning.zReports,
    });
    const second = await tablet.perform({
      type: 'restore',
      records: [...evening.journal, ...evening.waiting],
      zReports: evening.zReports,
    });
    expect(second.zLeftOut).toBe(0);
    expect((await tablet.reads.zReports()).map((z) => z.number)).toEqual([2, 1]);
    // The 2.50 was counted by the old tablet's Z 2: not again here.
    expect((await dayOf(tablet, t.now())).report.byKind.loyaltyCard.taken).toEqual({ count: 0, amount: 0 });
    expect(await close(tablet, t.now())).toMatchObject({ number: 3 });
  });

  it('are left out where this tablet has payments of its own in their time: those would be on no report', async () => {
    const { t, morning, evening } = await twoBackups();
    const tablet = newTablet(t);
    await tablet.perform({
      type: 'restore',
      records: [...morning.journal, ...morning.waiting],
      zReports: morning.zReports,
    });
    // A payment of 1.00 taken on the new tablet between the two imports, inside the old tablet's Z 2's time.
    await ownPayment(tablet, evening, 2);
    const second = await tablet.perform({
      type: 'restore',
      records: [...evening.journal, ...evening.waiting],
      zReports: evening.zReports,
    });
    expect(second.zLeftOut).toBe(1);
    expect((await tablet.reads.zReports()).map((z) => z.number)).toEqual([1]);
    const taken = (await dayOf(tablet, t.now())).report.byKind.loyaltyCard.taken;
    expect(taken).toEqual({ count: 2, amount: 250 + 100 }); // both on the next report here, the tablet's own included
  });
  it("the old tablet's open day counts on this one's next report, though this one has closed a day since", async () => {
    const t = outboxHarness();
    stops.push(() => t.sender.stop());
    await pay(t, 100); // on the old tablet, whose day is still open when its backup is taken
    const backup = await backupOf(t);
    const tablet = newTablet(t);
    // The new tablet closes a day of its own first (a manager imports the old tablet's file later).
    expect(await close(tablet, Date.now())).toMatchObject({ number: 1 });
    const restored = await tablet.perform({
      type: 'restore',
      records: [...backup.journal, ...backup.waiting],
      zReports: backup.zReports,
    });
    expect(restored.countedToday).toBe(1); // the manager is told
    // No report counted the 1.00: the old tablet closed no day after it, and this one's Z read before it came.
    const day = await dayOf(tablet, Date.now());
    expect(day.report.byKind.loyaltyCard.taken).toEqual({ count: 1, amount: 100 });
    expect(await close(tablet, Date.now())).toMatchObject({ number: 2 });
    expect((await dayOf(tablet, Date.now())).report.byKind.loyaltyCard.taken).toEqual({ count: 0, amount: 0 });
  });
  it("counted here from a morning backup, then by the old tablet's own Z in the evening one: counted once, there", async () => {
    const t = outboxHarness();
    stops.push(() => t.sender.stop());
    await pay(t, 100);
    const morning = await backupOf(t); // the old tablet's day still open
    const tablet = newTablet(t);
    expect(await close(tablet, Date.now())).toMatchObject({ number: 1 });
    const first = await tablet.perform({
      type: 'restore',
      records: [...morning.journal, ...morning.waiting],
      zReports: morning.zReports,
    });
    expect(first.countedToday).toBe(1);
    // The old tablet goes on and closes its day: its Z 1 counts the 1.00.
    expect(await close(t, t.now())).toMatchObject({ number: 1 });
    t.advance(60_000);
    const evening = await backupOf(t);
    const second = await tablet.perform({
      type: 'restore',
      records: [...evening.journal, ...evening.waiting],
      zReports: evening.zReports,
    });
    expect(second).toMatchObject({ added: 0, zLeftOut: 1, countedToday: 0 });
    const taken = (await dayOf(tablet, Date.now())).report.byKind.loyaltyCard.taken;
    expect(taken).toEqual({ count: 0, amount: 0 });
  });

  it('a file from before backups carried their days: nothing is moved, since which day counted what is not known', async () => {
    const t = outboxHarness();
    stops.push(() => t.sender.stop());
    await pay(t, 100);
    const backup = await backupOf(t);
    const tablet = newTablet(t);
    expect(await close(tablet, Date.now())).toMatchObject({ number: 1 });
    const restored = await tablet.perform({ type: 'restore', records: [...backup.journal, ...backup.waiting] });
    expect(restored.countedToday).toBe(0);
  });

  it("another server's payment counts after that server's last close here, whatever this device's clock says", async () => {
    const t = outboxHarness();
    stops.push(() => t.sender.stop());
    await pay(t, 100);
    const backup = await backupOf(t);
    const like = backup.journal.find((r) => r.request.type === 'loyaltyCard.pay');
    if (!like) throw new Error('no payment');
    const db = openOutboxDb(`outbox-${crypto.randomUUID()}`);
    const perform = createPerform(createOutbox(db, { scope: 'test', training: true }), 'tab-new');
    // Another server's day closed here at a time this device's clock has not reached (it was set back).
    const closedAt = '2099-01-01T00:00:00.000Z';
    const otherDay = { scope: 'other', number: 1, from: '', closedAt, report: { open: [] }, carried: [] };
    await perform({ type: 'restore', records: [], zReports: [otherDay as unknown as ZReport] });
    await perform({ type: 'restore', records: [{ ...like, scope: 'other' }], zReports: [] });
    const reads = createReadModel(() => db, 'other');
    expect((await reads.settledBetween(closedAt, '9999-12-31T23:59:59.999Z')).map((r) => r.id)).toEqual([like.id]);
  });

  it('none is taken after one left out: a later day alone would close the earlier time, counted nowhere', async () => {
    const { t, evening } = await twoBackups();
    const tablet = newTablet(t);
    // A payment of 1.00 taken on the new tablet inside the old tablet's Z 1's time, before any import.
    await ownPayment(tablet, evening, 1);
    const restored = await tablet.perform({
      type: 'restore',
      records: [...evening.journal, ...evening.waiting],
      zReports: evening.zReports,
    });
    expect(restored.zLeftOut).toBe(2);
    expect(await tablet.reads.zReports()).toEqual([]);
    // Everything on the next report here: its own 1.00, and what the backup's days had counted.
    const taken = (await dayOf(tablet, t.now())).report.byKind.loyaltyCard.taken;
    expect(taken).toEqual({ count: 3, amount: 100 + 100 + 250 });
  });
});

describe('a restore is all or nothing', () => {
  it('a closed day that cannot be written leaves none of the backup behind', async () => {
    const t = await tabletWithAWaitingCommit();
    const opened = await openBackup(
      JSON.stringify(await makeBackup(await t.reads.everything(), 'correct horse')),
      'correct horse',
    );
    if (!opened.ok) throw new Error(opened.problem);
    t.sender.stop();
    const tablet = newTablet(t);
    // A day the database refuses (its number is no key): the records written before it must go with it,
    // or this terminal's next Z would count again the money that day counted.
    const refused = {
      scope: 'test',
      number: Number.NaN,
      from: '',
      closedAt: '2026-11-22T20:00:00.000Z',
      report: { open: [] },
      carried: [],
    } as unknown as ZReport;
    await expect(
      tablet.perform({ type: 'restore', records: [...opened.journal, ...opened.waiting], zReports: [refused] }),
    ).rejects.toThrow();
    expect(await tablet.reads.everything()).toEqual([]);
    expect(await tablet.reads.counts()).toEqual({ waiting: 0, attention: 0 });
  });
});

describe('the sealed part', () => {
  it('a new file is sealed with 600,000 PBKDF2 iterations and says so; a file of the first format (210,000, unsaid) still opens', async () => {
    const t = await tabletWithAWaitingCommit();
    const file = await makeBackup(await t.reads.everything(), 'correct horse');
    expect(file.waiting?.iterations).toBe(600_000);
    const opened = await openBackup(JSON.stringify(file), 'correct horse');
    expect(opened.ok && opened.waiting.length).toBe(1);

    // The same records sealed as the first files were: 210,000 iterations, no field saying so.
    const waiting = (await t.reads.everything()).filter((r) => r.status === 'pending' || r.status === 'unknown');
    const salt = crypto.getRandomValues(new Uint8Array(16));
    const iv = crypto.getRandomValues(new Uint8Array(12));
    const material = await crypto.subtle.importKey('raw', new TextEncoder().encode('correct horse'), 'PBKDF2', false, [
      'deriveKey',
    ]);
    const key = await crypto.subtle.deriveKey(
      { name: 'PBKDF2', salt, iterations: 210_000, hash: 'SHA-256' },
      material,
      { name: 'AES-GCM', length: 256 },
      false,
      ['encrypt'],
    );
    const data = await crypto.subtle.encrypt(
      { name: 'AES-GCM', iv },
      key,
      new TextEncoder().encode(JSON.stringify(waiting)),
    );
    const b64 = (bytes: ArrayBuffer | Uint8Array) => btoa(String.fromCharCode(...new Uint8Array(bytes)));
    const first = { ...file, waiting: { salt: b64(salt), iv: b64(iv), data: b64(data) } };
    const old = await openBackup(JSON.stringify(first), 'correct horse');
    expect(old.ok && old.waiting.map((r) => r.id)).toEqual(waiting.map((r) => r.id));
    expect(old.ok && old.clearChecked).toBe(false); // that seal does not cover the journal
    expect((await openBackup(JSON.stringify(first), 'wrong horse')).ok).toBe(false);
  });
});

describe('the seal over the clear part', () => {
  /** A tablet whose day has one settled payment and one closed day, and nothing waiting. */
  async function tabletWithAClosedDay() {
    const t = outboxHarness();
    stops.push(() => t.sender.stop());
    await t.start(2000);
    await t.act({ type: 'tender', kind: 'giftCard', number: '700100000001', amount: 2000, availableBefore: 5000 });
    await t.run();
    await t.act({ type: 'complete' });
    await t.run();
    const closedAt = new Date(Date.now() + 60_000).toISOString();
    const z = await t.perform({
      type: 'closeDay',
      z: { from: '', closedAt, report: { taken: 2000, open: [] }, carried: [] },
      counted: await t.counted('', closedAt),
    });
    if (typeof z === 'string') throw new Error(z);
    return t;
  }

  it('covers the journal and the closed days, with nothing waiting too: a figure changed in the file opens nothing', async () => {
    const t = await tabletWithAClosedDay();
    const file = await makeBackup(await t.reads.everything(), 'correct horse', new Date(), await t.reads.allZReports());
    expect(file.waiting).not.toBeNull(); // sealed though nothing waits: the seal is what vouches for the rest
    const opened = await openBackup(JSON.stringify(file), 'correct horse');
    expect(opened).toMatchObject({ ok: true, waiting: [], clearChecked: true });
    expect(opened.ok && opened.journal.length).toBeGreaterThan(0);

    // A settled payment's amount changed in the journal, a closed day's sum changed, a record added.
    const json = JSON.parse(JSON.stringify(file)) as typeof file;
    const payment = json.journal.find((r) => r.request.type === 'giftCard.pay') as unknown as {
      request: { amount: number };
    };
    payment.request.amount = 200;
    const wrongAmount = JSON.stringify(json);
    const wrongDay = JSON.stringify({
      ...file,
      zReports: file.zReports?.map((z) => ({ ...z, report: { ...(z.report as object), taken: 200 } })),
    });
    const addedRecord = JSON.stringify({
      ...file,
      journal: [...file.journal, { ...file.journal[0]!, id: crypto.randomUUID() }],
    });
    const noBinds = JSON.stringify({ ...file, waiting: { ...file.waiting!, binds: undefined } });
    for (const changed of [wrongAmount, wrongDay, addedRecord, noBinds])
      expect(await openBackup(changed, 'correct horse')).toEqual({ ok: false, problem: 'wrong_passphrase' });
  });

  it('taken off a file whose journal names operations still waiting, opens nothing: they would be lost in silence', async () => {
    const t = await tabletWithAWaitingCommit();
    const file = await makeBackup(await t.reads.everything(), 'correct horse');
    expect(await openBackup(JSON.stringify({ ...file, waiting: null }), 'correct horse')).toEqual({
      ok: false,
      problem: 'damaged',
    });
  });

  it('a file without it (made before, or its seal taken off) opens, and says its figures were not checked', async () => {
    const t = await tabletWithAClosedDay();
    const file = await makeBackup(await t.reads.everything(), 'correct horse', new Date(), await t.reads.allZReports());
    const unsealed = await openBackup(JSON.stringify({ ...file, waiting: null }), 'correct horse');
    expect(unsealed).toMatchObject({ ok: true, clearChecked: false });
  });
});
