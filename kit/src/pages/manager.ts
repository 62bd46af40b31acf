import { expect } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import { minorText, type Amount } from '../amounts';
import { currentHeading, openScreen, requireScreen, saidBy, typeManagerPin, type Counter } from './screen';

type Kind = 'giftCard' | 'storeCredit' | 'loyaltyCard';
/** A count and its sum, as a test reads it. */
export interface Figure {
  count: number;
  amount: Amount;
}

/**
 * The report's lines for each kind of card, as its JSON names them (src/features/journal/day-report.ts):
 * sold (gift cards and store credit issued), taken (paid with the kind: holds committed, loyalty
 * payments approved), loyaltyVoided (loyalty payments voided), returned (given back by returns),
 * cashedOut (small balances paid out in cash), unissued (issues undone), loyaltyApproved and
 * loyaltyPartial (loyalty payments approved in full, in part), loyaltyByVoid (a loyalty payment
 * whose answer never came, settled by its void).
 */
export const reportLines = [
  'sold',
  'taken',
  'loyaltyVoided',
  'returned',
  'cashedOut',
  'unissued',
  'loyaltyApproved',
  'loyaltyPartial',
  'loyaltyByVoid',
] as const;
export type ReportLine = (typeof reportLines)[number];
/** One kind's figures, a line each: `taken` is `{ count, amount: '20.00' }` (a line with nothing in it: 0, '0.00'). */
export type KindFigures = Record<ReportLine, Figure>;

/** The day so far (X) or a closed day (Z), its figures as the report's JSON has them, amounts as a test writes them. */
export interface DayFigures {
  /** Each kind of card, each of the report's lines: `byKind.giftCard.taken`. */
  byKind: Record<Kind, KindFigures>;
  otherPayments: Figure;
  /** Cash and bank card given back by returns in the span. */
  otherPaymentsBack: Figure;
  voidedSales: Figure;
  /** Operations not settled yet, named on the report (never counted). */
  open: number;
}

interface ReportJson {
  byKind: Partial<Record<Kind, Partial<Record<string, { count: number; amount: number }>>>>;
  otherPayments: { count: number; amount: number };
  otherPaymentsBack?: { count: number; amount: number };
  voidedSales: { count: number; amount: number };
  open: unknown[];
}

/**
 * The store's manager at the terminal, by intent: unlocked with the PIN, the day's X report read,
 * the day closed, a box of cards activated. Each method waits for the outcome on screen.
 */
export class ManagerPage {
  constructor(
    private readonly at: Counter,
    private readonly currency: string,
  ) {}

  private get page() {
    return this.at.page;
  }

  private get words() {
    return this.at.words;
  }

  /**
   * The manager's PIN typed where the screen on show asks for it (set the first time): unlocked for
   * a while. Settings, the Journal, a box of cards and a return above the manager's amount ask for it;
   * on another screen this throws and says so (`openSettings()` unlocks from anywhere).
   */
  async unlock(): Promise<void> {
    await this.at.open();
    const { page, words } = this.at;
    const asked = page
      .getByRole('heading', { name: words.text('manager.chooseTitle') })
      .or(page.getByLabel(words.text('manager.pin'), { exact: true }))
      .or(page.getByRole('button', { name: words.text('manager.lock') }));
    const shown = await asked
      .first()
      .waitFor({ timeout: 2_000 })
      .then(() => true)
      .catch(() => false);
    if (!shown)
      throw new Error(
        `unlock: nothing on this screen asks for the manager's PIN. The terminal shows "${await currentHeading(page)}": ` +
          'call openSettings() or openJournal(), or unlock where a step asks for the PIN.',
      );
    await typeManagerPin(this.at);
  }

  /** Settings, behind the manager's PIN. */
  async openSettings(): Promise<void> {
    await this.at.open();
    await openScreen(this.at, 'settings');
    await typeManagerPin(this.at);
    await requireScreen(this.at, 'openSettings', 'settings.title', 'Settings did not open.');
  }

  /** The journal, behind the manager's PIN. */
  async openJournal(): Promise<void> {
    await this.at.open();
    await openScreen(this.at, 'journal');
    await typeManagerPin(this.at);
    await requireScreen(this.at, 'openJournal', 'journal.title', 'the journal did not open.');
  }

  /** The X report (the day since the last Z), as its JSON export says it. */
  async xReport(): Promise<DayFigures> {
    await this.openJournal();
    const panel = this.page.getByRole('region', { name: this.words.text('report.x') });
    const show = panel.getByRole('button', { name: this.words.text('report.show') });
    if (await show.isVisible()) await show.click();
    const [download] = await Promise.all([
      this.page.waitForEvent('download'),
      panel.getByRole('button', { name: this.words.text('report.exportJson') }).click(),
    ]);
    return this.figures(JSON.parse(await readFile((await download.path()) ?? '', 'utf8')) as ReportJson);
  }

  /**
   * Closes the day: a numbered Z report. With operations not settled the terminal asks first;
   * `carryOpen` answers "close anyway" (they count on the day they settle). Resolves with its number.
   */
  async closeDay(options: { carryOpen?: boolean } = {}): Promise<number> {
    await this.openJournal();
    const panel = this.page.getByRole('region', { name: this.words.text('report.x') });
    const list = panel.getByRole('list', { name: this.words.text('report.zList') }).getByRole('listitem');
    // The days closed are read as the journal opens: counted once there (a terminal with none shows no list).
    await list
      .first()
      .waitFor({ timeout: 2_000 })
      .catch(() => undefined);
    const before = await list.count();
    await panel.getByRole('button', { name: this.words.text('report.closeDay') }).click();
    const asked = panel.getByRole('alertdialog');
    await expect(asked.or(list.nth(before)).first()).toBeVisible();
    if (await asked.isVisible()) {
      if (!options.carryOpen)
        throw new Error(
          `closeDay: ${(await asked.textContent())?.trim()} Resolve them first, or closeDay({ carryOpen: true }).`,
        );
      await panel.getByRole('button', { name: this.words.text('report.closeAnyway') }).click();
    }
    await expect(list).toHaveCount(before + 1);
    // Its number as the terminal shows it (a terminal restored from a backup does not start at 1).
    const numbers = await panel
      .getByRole('button', { name: this.words.pattern('report.zPrintFor') })
      .evaluateAll((buttons) => buttons.map((b) => Number(/\d+/.exec(b.getAttribute('aria-label') ?? '')?.[0] ?? 0)));
    return Math.max(...numbers);
  }

  /**
   * Activates a box of pre-numbered gift cards (first and last number), at `amount` each; resolves
   * with how many were issued. It waits as long as cards keep being done; it throws with the
   * screen's words when the box stops (lookups paused, the server not answering or turning the
   * terminal away), when the form refuses the numbers, or when no card is done for 15 s. A big box
   * takes longer than Playwright's 30 s a test: give that test more (`test.setTimeout`).
   */
  async activateBox(first: string, last: string, amount?: Amount): Promise<number> {
    await this.at.open();
    await openScreen(this.at, 'issue');
    await this.page.getByRole('button', { name: this.words.text('issue.task.box'), exact: true }).click();
    await typeManagerPin(this.at);
    await this.page.getByLabel(this.words.text('box.first')).fill(first);
    await this.page.getByLabel(this.words.text('box.last')).fill(last);
    if (amount !== undefined) await this.page.getByLabel(this.words.pattern('issue.amount')).fill(amount);
    await this.page.getByRole('button', { name: this.words.text('box.start'), exact: true }).click();
    const where = `activateBox('${first}', '${last}'${amount === undefined ? '' : `, '${amount}'`})`;
    const issued = this.page.getByLabel(this.words.text('box.issued'), { exact: true });
    // A box that stopped (paused, unreachable), numbers refused, a box not finished in the way: an alert.
    const stopped = this.page.getByRole('main').getByRole('alert');
    const progress = this.page.getByRole('main').getByRole('progressbar');
    const cardsDone = () =>
      progress.evaluate((bar) => (bar as HTMLProgressElement).value, undefined, { timeout: 1_000 }).catch(() => null);
    let done = 0;
    for (;;) {
      const ended = await expect(issued.or(stopped).first())
        .toBeVisible({ timeout: 15_000 })
        .then(() => true)
        .catch(() => false);
      if (ended) break;
      const now = await cardsDone();
      if (now === null || now <= done)
        throw new Error(
          `${where}: no card was done in 15 s. The terminal shows "${(await saidBy(this.page.getByRole('main'))).slice(0, 300)}".`,
        );
      done = now;
    }
    if (!(await issued.isVisible()))
      throw new Error(`${where}: the box did not finish: ${await saidBy(stopped.first())}`);
    return Number((await issued.textContent())?.trim());
  }

  private figures(json: ReportJson): DayFigures {
    const figure = (f: { count: number; amount: number }): Figure => ({
      count: f.count,
      amount: minorText(f.amount, this.currency),
    });
    // Every line of every kind: one the report has not (a report kept before the line existed) is zero.
    const zero = { count: 0, amount: 0 };
    const lines = (kind: Kind): KindFigures =>
      Object.fromEntries(reportLines.map((name) => [name, figure(json.byKind[kind]?.[name] ?? zero)])) as KindFigures;
    const byKind: DayFigures['byKind'] = {
      giftCard: lines('giftCard'),
      storeCredit: lines('storeCredit'),
      loyaltyCard: lines('loyaltyCard'),
    };
    return {
      byKind,
      otherPayments: figure(json.otherPayments),
      otherPaymentsBack: figure(json.otherPaymentsBack ?? { count: 0, amount: 0 }),
      voidedSales: figure(json.voidedSales),
      open: json.open.length,
    };
  }
}
