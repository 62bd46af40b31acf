/**
 * The smoke suite: what a cashier does on every tablet's browser, each scenario on a fresh terminal
 * (empty storage) against a freshly reset simulator, in live mode as a shop runs it.
 */
import { startEposPrinter } from '../e2e/support/epos-printer';
import { readEposJob } from '../e2e/support/epos-xml';
import { pastTheRightEdge } from '../e2e/support/right-edge';
import type { Driver } from './driver';
import { painted } from './in-page';
import { simulatorState } from './servers';
import {
  check,
  chooseLanguage,
  chooseNetworkPrinter,
  countPrintDialogs,
  printDialogs,
  completeSale,
  expectStillDue,
  goTo,
  lookUp,
  managerUnlocks,
  nextSale,
  openJournal,
  openSettings,
  openTerminal,
  payOtherWay,
  payWithCard,
  returnSale,
  signOn,
  startSale,
  startTrainingMode,
  tenderLine,
} from './steps';

export interface Context {
  terminal: string;
  simulator: string;
  /** A folder for pictures of every screen measured (ENGINES_SHOTS, --shots), or null. */
  shots: string | null;
}

export interface Scenario {
  name: string;
  run(t: Driver, c: Context): Promise<void>;
}

const live = (c: Context) => ({ terminal: c.terminal, simulator: c.simulator });

const sameJson = (actual: unknown, expected: unknown, what: string) =>
  check(
    JSON.stringify(actual) === JSON.stringify(expected),
    `${what}: ${JSON.stringify(actual)}, expected ${JSON.stringify(expected)}`,
  );

/**
 * Every screen a cashier and a manager use, at one size: each measured for anything past the
 * right edge (e2e/support/right-edge.ts), all of them before the scenario fails, so one run names
 * every fault.
 */
async function everyScreenFits(t: Driver, c: Context, width: number, height: number) {
  const faults: string[] = [];
  const shot = (screen: string) =>
    c.shots ? t.screenshot(`${c.shots}/${t.engine}-${width}x${height}-${screen.replace(/\W+/g, '-')}.png`) : null;
  const measure = async (screen: string) => {
    faults.push(...(await t.evaluate(pastTheRightEdge)).map((f) => `${screen}: ${f}`));
    await shot(screen);
  };
  /** A picture of a group further down the screen (one the check found too wide before). */
  const shotOf = async (screen: string, legend: string) => {
    if (!c.shots) return;
    await t.evaluate((text: string) => {
      const found = Array.from(document.querySelectorAll('legend')).find((l) => l.textContent === text);
      found?.parentElement?.scrollIntoView({ block: 'center' });
    }, legend);
    await t.evaluate(painted);
    await shot(screen);
  };
  await openTerminal(t, live(c));
  await t.setViewport(width, height);
  await measure('sale');
  await startSale(t, '25');
  await t.click('heading', 'Pay with a card');
  await t.typeKeys('700100000001', true);
  await t.see('field', 'Amount to take from this card');
  await measure('open sale with a card read');
  await t.click('button', /^Take /);
  await tenderLine(t, /•••• 0001/, /On hold/);
  await measure('open sale');
  const reference = await completeSale(t);
  await measure('receipt');
  await nextSale(t);
  await goTo(t, 'Returns');
  await t.fillByLabel('Receipt reference', reference);
  await t.click('button', 'Find sale');
  await t.see('heading', new RegExp(`^Sale ${reference}`));
  await measure('returns with a sale');
  await goTo(t, 'Issue');
  for (const task of ['Sell a gift card', 'Print a new gift card', 'Issue store credit', 'Open a loyalty card']) {
    await t.click('button', task);
    await t.see('heading', task);
    await measure(`issue, ${task}`);
  }
  await t.click('button', 'Activate a box of cards');
  await managerUnlocks(t);
  await t.see('heading', 'Activate a box of cards');
  await measure('issue, a box of cards');
  await lookUp(t, '700100000001');
  await measure('card lookup with a card');
  await openJournal(t);
  await t.see('row', /•••• 0001/);
  await measure('journal');
  await openSettings(t);
  await measure('settings');
  await shotOf('settings, receipt printer', 'Receipt printer');
  await startTrainingMode(t);
  await t.see('button', 'Set failure');
  await measure('training');
  await shotOf('training, failures', 'Make the next requests fail');
  check(faults.length === 0, `past the right edge at ${width}x${height}:\n    ${faults.join('\n    ')}`);
}

export const scenarios: Scenario[] = [
  {
    name: 'sign on',
    async run(t, c) {
      await openTerminal(t, { ...live(c), cashier: null });
      await signOn(t, { operatorId: 'c9', name: 'Robin' });
      await t.see('button', /^Robin/, { within: 'banner' });
    },
  },
  {
    name: 'a sale paid by one card',
    async run(t, c) {
      await openTerminal(t, live(c));
      await startSale(t, '30');
      await payWithCard(t, '700100000001');
      await tenderLine(t, /Gift card •••• 0001/, /On hold · authorization [A-Z0-9]+/);
      await expectStillDue(t, '€0.00');
      await completeSale(t);
      await t.see('text', /Gift card •••• 0001\s*€30\.00 · Paid/);
      const after = await simulatorState(c.simulator);
      sameJson(
        after.authorizations.map((a) => [a.instrumentId, a.amount, a.status]),
        [['700100000001', 30, 'committed']],
        'authorizations',
      );
    },
  },
  {
    // WebKit once showed "New sale" again for a moment when the training server arrived after the
    // sale had started, and the keys of a card scanned then were lost (fixed in 880f952): scanned
    // here with no pause after "Start sale", every heading the screen shows recorded.
    name: 'training mode: a card scanned the moment the sale starts',
    async run(t, c) {
      await openTerminal(t, { terminal: c.terminal, simulator: null });
      await t.evaluate(() => {
        const seen: string[] = [];
        (window as unknown as { headings: string[] }).headings = seen;
        new MutationObserver(() => {
          const heading = document.querySelector('main h2')?.textContent ?? '';
          if (heading && seen.at(-1) !== heading) seen.push(heading);
        }).observe(document, { subtree: true, childList: true, characterData: true });
      });
      await startSale(t, '12.50');
      await payWithCard(t, '700100000001');
      await tenderLine(t, /Gift card •••• 0001/, /On hold/);
      await expectStillDue(t, '€0.00');
      const headings = await t.evaluate(() => (window as unknown as { headings: string[] }).headings);
      sameJson(headings.slice(headings.indexOf('Sale')), ['Sale'], 'headings after "Sale"');
    },
  },
  {
    name: 'a split: gift card, a loyalty card approved in part, cash',
    async run(t, c) {
      await openTerminal(t, live(c));
      await startSale(t, '60');
      await payWithCard(t, '700100000001', '20');
      await expectStillDue(t, '€40.00');
      // 7101 0000 0002 has €5.00: the server approves that much of the €20.00 asked.
      await payWithCard(t, '710100000002', '20');
      await tenderLine(t, /Loyalty card •••• 0002/, /Approved €5\.00 of €20\.00/);
      await expectStillDue(t, '€35.00');
      await payOtherWay(t);
      await tenderLine(t, /Cash/, /€35\.00/);
      await expectStillDue(t, '€0.00');
      await completeSale(t);
      const after = await simulatorState(c.simulator);
      sameJson(
        after.loyaltyPayments.map((p) => [p.loyaltyCardId, p.approvedAmount, p.result, p.voided]),
        [['710100000002', 5, 'partiallyApproved', false]],
        'loyalty payments',
      );
      sameJson(
        after.authorizations.map((a) => [a.instrumentId, a.amount, a.status]),
        [['700100000001', 20, 'committed']],
        'authorizations',
      );
    },
  },
  {
    name: 'a reload in the middle of a sale keeps it',
    async run(t, c) {
      await openTerminal(t, live(c));
      await startSale(t, '30');
      await payWithCard(t, '700100000001', '10');
      await tenderLine(t, /•••• 0001/, /On hold/);
      await t.reload();
      await t.see('heading', 'Sale');
      await tenderLine(t, /Gift card •••• 0001/, /On hold/);
      await expectStillDue(t, '€20.00');
      await payOtherWay(t);
      await completeSale(t);
      const after = await simulatorState(c.simulator);
      sameJson(
        after.authorizations.map((a) => [a.instrumentId, a.amount, a.status]),
        [['700100000001', 10, 'committed']],
        'authorizations',
      );
    },
  },
  {
    name: 'a return',
    async run(t, c) {
      await openTerminal(t, live(c));
      await startSale(t, '25');
      await payWithCard(t, '700100000001');
      await tenderLine(t, /•••• 0001/, /On hold/);
      const reference = await completeSale(t);
      await nextSale(t);
      const ways = await returnSale(t, reference);
      check(/New store credit.*€25\.00.*done/.test(ways), `the money went back as: ${ways}`);
      const credits = (await simulatorState(c.simulator)).instruments.filter(
        (i) => i.number.startsWith('7201') && i.number !== '720100000001',
      );
      sameJson(
        credits.map((i) => i.amountNet),
        [25],
        'new store credit',
      );
    },
  },
  {
    name: 'a lookup',
    async run(t, c) {
      await openTerminal(t, live(c));
      const available = await lookUp(t, '700100000001');
      check(available === '€50.00', `available ${available}, expected €50.00`);
      await t.see('text', 'Ada Lovelace');
    },
  },
  {
    name: 'the journal',
    async run(t, c) {
      await openTerminal(t, live(c));
      await startSale(t, '15');
      await payWithCard(t, '700100000001');
      await tenderLine(t, /•••• 0001/, /On hold/);
      await completeSale(t);
      await openJournal(t);
      await t.see('row', /Casey \(c7\)\s*Gift card · payment\s*•••• 0001\s*€15\.00/, { has: 'Done' });
      await t.see('row', /Casey \(c7\)\s*Gift card · commit\s*•••• 0001\s*€15\.00/, { has: 'Done' });
    },
  },
  {
    // Where there is no WebUSB or Web Serial (Firefox, every iPad browser), the shop's network printer:
    // the same fake ePOS-Print printer as the Chromium e2e (e2e/support/epos-printer.ts), each outcome.
    name: 'a network receipt printer: printed, refused (cover open), silent; "sent" only when printed',
    async run(t, c) {
      const printer = await startEposPrinter();
      try {
        await openTerminal(t, live(c));
        await countPrintDialogs(t);
        await chooseNetworkPrinter(t, printer.address, 1);
        await t.click('button', 'Test print');
        await t.see('status', /Test slip sent to the printer\./);
        check(printer.jobs().length === 1, `the printer got ${printer.jobs().length} slips, expected 1`);
        const slip = readEposJob(printer.jobs()[0]!.body);
        check(slip.lines.includes('Test print') && slip.cut, `the slip printed: ${slip.lines.join(' | ')}`);

        printer.setMode({ code: 'EPTR_COVER_OPEN', status: 0x28 });
        await t.click('button', 'Test print');
        await t.see('alert', /cover is open: close it/, {
          has: "The slip went to the browser's print dialog instead.",
        });
        check((await printDialogs(t)) === 1, 'the refused slip went to the print dialog');
        await t.click('button', 'OK');

        printer.setMode('silent');
        await t.click('button', 'Test print');
        await t.see('alert', /did not answer/, { has: "The slip went to the browser's print dialog instead." });
        check((await printDialogs(t)) === 2, 'the unanswered slip went to the print dialog');
        check(!(await t.isShown('text', 'Test slip sent to the printer.')), 'never "sent" when not printed');
        check(printer.jobs().length === 3, `the printer got ${printer.jobs().length} slips, expected 3`);
      } finally {
        await printer.close();
      }
    },
  },
  {
    name: 'in German',
    async run(t, c) {
      await openTerminal(t, live(c));
      await chooseLanguage(t, 'Deutsch');
      await t.see('heading', 'Neuer Verkauf');
      await t.see('button', 'Kartenabfrage', { within: 'navigation' });
      await t.fillByLabel(/^Zu zahlender Betrag/, '12,5');
      await t.click('button', 'Verkauf beginnen');
      await t.see('heading', 'Verkauf');
      await t.see('labelled', 'Noch offen', { has: /^12,50\s€$/ });
      // German words are longer: the open sale and the trainer's panel on a phone.
      await t.setViewport(390, 844);
      const faults = await t.evaluate(pastTheRightEdge);
      await goTo(t, 'Schulung');
      await t.click('button', 'Schulungsmodus starten');
      await t.see('button', 'Fehler setzen');
      faults.push(...(await t.evaluate(pastTheRightEdge)));
      if (c.shots) await t.screenshot(`${c.shots}/${t.engine}-390x844-German-training.png`);
      check(faults.length === 0, `past the right edge at 390x844 in German:\n    ${faults.join('\n    ')}`);
    },
  },
  {
    name: 'nothing past the right edge at 390x844 (phone)',
    run: (t, c) => everyScreenFits(t, c, 390, 844),
  },
  {
    name: 'nothing past the right edge at 768x1024 (portrait tablet)',
    run: (t, c) => everyScreenFits(t, c, 768, 1024),
  },
  {
    name: 'nothing past the right edge at 1024x768 (landscape tablet)',
    run: (t, c) => everyScreenFits(t, c, 1024, 768),
  },
];
