import { expect, type Locator } from '@playwright/test';
import type { Amount } from '../amounts';
import { isMagicCard } from '../loyalty-server';
import type { WordKey } from '../words';
import { currentHeading, openScreen, requireScreen, saidBy, type Counter } from './screen';

/** A line of the open sale, once its outcome is on screen: on hold, approved (in part), denied, refused or unknown. */
export type TenderLine = Locator;

/** What a tender line shows once the server answered (or did not): every outcome a cashier reads. */
const outcomes: WordKey[] = [
  'line.authorized',
  'line.committed',
  'line.approved',
  'line.partiallyApproved',
  'line.denied',
  'line.failed',
  'line.unknown',
  'line.contradicted',
  'line.lostAttempt',
  'line.lostAttemptLoyalty',
  'line.contradictedLoyalty',
  'line.recorded',
];

/**
 * The cashier at the terminal, by intent: a sale started, cards taken, the rest another way, the
 * sale completed or voided; a card looked up; a sale given back. Each method waits for what a
 * cashier waits for (the outcome on screen), never for a fixed time, and says in words when it is
 * asked for something the screen in front of it cannot do.
 */
export class CashierPage {
  constructor(private readonly at: Counter) {}

  private get page() {
    return this.at.page;
  }

  private get words() {
    return this.at.words;
  }

  /** The open sale's tender lines (the list under "Tenders"). */
  get tenderLines(): Locator {
    return this.page.getByRole('region', { name: this.words.text('sale.lines') }).getByRole('listitem');
  }

  /** Keys the amount due and starts the sale: the open sale is on screen. */
  async startSale(due: Amount): Promise<void> {
    await this.at.open();
    const field = this.page.getByLabel(this.words.pattern('sale.dueLabel'));
    // The new sale may be on its way (a "Next sale" just pressed): a moment for it before anything else.
    const ready = await field.waitFor({ timeout: 2_000 }).then(
      () => true,
      () => false,
    );
    if (!ready) {
      // Another screen: the Sale tab. A finished sale on it: the cashier moves on to the next.
      const next = this.page.getByRole('button', { name: this.words.text('sale.next'), exact: true });
      const onSale = () => currentHeading(this.page).then((h) => this.words.pattern('sale.title', true).test(h));
      if (!(await next.isVisible()) && !(await onSale())) {
        await openScreen(this.at, 'sale');
        await expect(next.or(field).first())
          .toBeVisible({ timeout: 2_000 })
          .catch(() => undefined);
      }
      if (await next.isVisible()) await this.nextSale();
      else if (!(await field.isVisible()) && (await onSale()))
        throw new Error('startSale: a sale is already open at this terminal: complete or void it first.');
      await requireScreen(this.at, 'startSale', 'sale.newTitle', 'a sale starts from the Sale screen.');
    }
    await field.fill(due);
    await this.page.getByRole('button', { name: this.words.text('sale.start'), exact: true }).click();
    await requireScreen(this.at, 'startSale', 'sale.title', 'the sale did not open.');
  }

  /**
   * Scans a card on the open sale (the keys a scanner types, no field tapped): resolves once the
   * card's figures, or why it cannot pay, are on screen.
   */
  /** `method`: the page object method the test called (named in what is said when it cannot). */
  async scanCard(number: string, method = 'scanCard'): Promise<void> {
    await this.requireOpenSale(method);
    this.checkMagic(method, number);
    const tenderHeading = this.page.getByRole('heading', { name: this.words.text('sale.tenderTitle') });
    // Hidden while a payment is on its way (a lost answer asked again): a while for it, as a cashier waits.
    const shown = await tenderHeading
      .waitFor({ timeout: await this.patience() })
      .then(() => true)
      .catch(() => false);
    if (!shown)
      throw new Error(
        `${method}('${number}'): the sale takes no card now: nothing is left to pay (${await this.remainingDue()} due), ` +
          'or a payment is still on its way. Complete the sale, or wait for its lines.',
      );
    await tenderHeading.click();
    await this.page.keyboard.type(number);
    await this.page.keyboard.press('Enter');
    const panel = this.page.getByRole('region', { name: this.words.text('sale.tenderTitle') });
    await expect(
      panel.getByLabel(this.words.text('sale.tenderAmount')).or(panel.getByRole('alert')).first(),
    ).toBeVisible({ timeout: 15_000 });
  }

  /**
   * Pays from a card: scanned, `amount` keyed (or the amount the terminal offers: the smaller of
   * what is due and what the card has), Take. Resolves with the card's line once its outcome is on
   * screen (on hold, approved, approved in part, denied, refused, or not known yet).
   *
   * A card the terminal will not take (a loyalty card not open or expired; a gift card not issued,
   * expired or not valid yet) is refused on screen before anything is sent: this throws, with the
   * terminal's words, e.g. "payWithCard('710100000004'): this card cannot pay, so the terminal sent
   * no payment: This loyalty card is not open: it cannot pay."
   */
  async payWithCard(number: string, amount?: Amount): Promise<TenderLine> {
    await this.scanCard(number, 'payWithCard');
    const panel = this.page.getByRole('region', { name: this.words.text('sale.tenderTitle') });
    const field = panel.getByLabel(this.words.text('sale.tenderAmount'));
    if (!(await field.isVisible())) {
      // The card as read, refused by the terminal itself (not open, expired, not issued, not valid
      // yet): it sends no payment it knows the server would turn down. Else the card was not read.
      const refusal = panel.locator('.tender-card').getByRole('alert');
      if (await refusal.first().isVisible())
        throw new Error(
          `payWithCard('${number}'): this card cannot pay, so the terminal sent no payment: ${await saidBy(refusal.first())}`,
        );
      throw new Error(
        `payWithCard('${number}'): the card was not read, so nothing was sent: ${await saidBy(panel.getByRole('alert').first())}`,
      );
    }
    const before = await this.tenderLines.count();
    if (amount !== undefined) await field.fill(amount);
    await panel.getByRole('button', { name: this.words.pattern('sale.pay') }).click();
    const added = this.tenderLines.nth(before);
    // The amount refused under its field (more than the card has, or than is due): no line comes.
    const refused = panel.locator('.field-error');
    await expect(added.or(refused).first()).toBeVisible({ timeout: 20_000 });
    if (!(await added.isVisible()))
      throw new Error(
        `payWithCard('${number}'${amount === undefined ? '' : `, '${amount}'`}): the amount was refused: ${(await refused.first().textContent())?.trim()}`,
      );
    await expect(added).toContainText(new RegExp(outcomes.map((k) => this.words.pattern(k).source).join('|')), {
      timeout: 20_000,
    });
    return added;
  }

  /** The rest (or `amount`) recorded as paid another way: cash, a bank card. */
  async payOtherWay(amount?: Amount): Promise<TenderLine> {
    await this.requireOpenSale('payOtherWay');
    const before = await this.tenderLines.count();
    // The form stays open after a payment: tapped again, its summary would close it.
    const summary = this.page.locator('summary', { hasText: this.words.text('sale.externalTitle') });
    if (!(await summary.evaluate((s) => (s.parentElement as HTMLDetailsElement | null)?.open ?? false)))
      await summary.click();
    if (amount !== undefined) await this.page.getByLabel(this.words.text('sale.externalAmount')).fill(amount);
    await this.page.getByRole('button', { name: this.words.pattern('sale.addExternal') }).click();
    const added = this.tenderLines.nth(before);
    await expect(added).toContainText(this.words.text('line.recorded'));
    return added;
  }

  /**
   * Completes the sale (every hold committed); resolves once the receipt says so, or that it waits
   * for the server (a hold ending soon: the sale itself waits for the commit's answer).
   */
  async completeSale(): Promise<void> {
    await this.requireOpenSale('completeSale');
    const complete = this.page.getByRole('button', { name: this.words.text('sale.complete'), exact: true });
    await this.requireEnabled('completeSale', complete);
    await complete.click();
    const receipt = this.page.getByRole('article', { name: this.words.text('slip.receipt') });
    await expect(
      this.page
        .getByRole('status')
        .filter({ hasText: this.words.text('sale.completed') })
        .or(receipt.getByText(this.words.text('slip.saleNotConfirmed')))
        // Its hold ending soon, the sale waits for the commit's answer: the cashier keeps the goods.
        .or(this.page.getByRole('status').filter({ hasText: this.words.text('sale.completingHoldEnds') }))
        .first(),
    ).toBeVisible({ timeout: 20_000 });
  }

  /**
   * Voids the sale: holds released, loyalty payments voided. Resolves once the sale says it is
   * voided, within 20 s. When the server does not answer the releases, the terminal sends them again
   * by itself and lets the cashier move on: a short outage is waited out; one that outlasts the 20 s
   * throws with the screen's words ("The Loyalty server does not answer now: …"). A payment of the
   * sale whose outcome is not known throws at once, with the screen's words ("Some payments have no
   * answer yet: …"). Either way the terminal keeps asking.
   */
  async voidSale(): Promise<void> {
    await this.requireOpenSale('voidSale');
    const voidButton = this.page.getByRole('button', { name: this.words.text('sale.void'), exact: true });
    await this.requireEnabled('voidSale', voidButton);
    await voidButton.click();
    await this.page.getByRole('button', { name: this.words.text('sale.voidYes') }).click();
    const status = (key: WordKey) => this.page.getByRole('status').filter({ hasText: this.words.text(key) });
    const voided = status('sale.voided');
    const unknown = status('sale.voidingUnknown');
    const queued = status('sale.voidingQueued');
    const deadline = Date.now() + 20_000;
    const left = () => Math.max(1_000, deadline - Date.now());
    await expect(voided.or(unknown).or(queued).first())
      .toBeVisible({ timeout: left() })
      .catch(() => undefined);
    // The server does not answer now: each release is sent again (a second, two, four… apart), and the
    // sale says it is voided once they land. What is left of the while, then the screen's words.
    if (await queued.first().isVisible())
      await expect(voided.or(unknown).first())
        .toBeVisible({ timeout: left() })
        .catch(() => undefined);
    if (await voided.first().isVisible()) return;
    if (await unknown.first().isVisible())
      throw new Error(`voidSale: the sale is not voided yet: ${this.words.text('sale.voidingUnknown')}`);
    if (await queued.first().isVisible())
      throw new Error(`voidSale: the sale is not voided yet: ${this.words.text('sale.voidingQueued')}`);
    throw new Error(
      `voidSale: the sale is not voided after 20 s. The terminal shows "${(await saidBy(status('sale.voiding').first())) || (await currentHeading(this.page))}".`,
    );
  }

  /** The next customer: the finished sale gives way to a new one. */
  async nextSale(): Promise<void> {
    await this.page.getByRole('button', { name: this.words.text('sale.next'), exact: true }).click();
    await requireScreen(this.at, 'nextSale', 'sale.newTitle', 'the new sale did not come.');
  }

  /** What is still due on the open sale, as shown: '€5.00'. */
  async remainingDue(): Promise<string> {
    await this.at.open();
    await requireScreen(this.at, 'remainingDue', 'sale.title', 'it reads the sale on screen: call startSale first.');
    return (await this.page.getByLabel(this.words.text('sale.remaining'), { exact: true }).textContent()) ?? '';
  }

  /** The finished sale's receipt reference, as printed under its barcode (what the return desk takes). */
  async receiptReference(): Promise<string> {
    const printed = this.page
      .getByRole('article', { name: this.words.text('slip.receipt') })
      .getByText(/^S[0-9A-F]{12}$/);
    const shown = await printed
      .waitFor({ timeout: 5_000 })
      .then(() => true)
      .catch(() => false);
    if (!shown) throw new Error('receiptReference: no receipt on screen: complete a sale first.');
    return (await printed.textContent()) ?? '';
  }

  /** Looks a card up (Card lookup, scanned): resolves with what the server says is available now. */
  async lookUp(number: string): Promise<{ available: string }> {
    await this.at.open();
    this.checkMagic('lookUp', number);
    await openScreen(this.at, 'lookup');
    await this.page.getByRole('heading', { name: this.words.text('lookup.title') }).click();
    await this.page.keyboard.type(number);
    await this.page.keyboard.press('Enter');
    const available = this.page.getByLabel(this.words.text('details.available'), { exact: true });
    const refused = this.page.getByRole('main').getByRole('alert');
    await expect(available.or(refused).first()).toBeVisible({ timeout: 15_000 });
    if (!(await available.isVisible()))
      throw new Error(`lookUp('${number}'): ${(await refused.first().textContent())?.trim()}`);
    // A card read before shows its old figures while it is read again: only the server's answer is returned.
    const status = (key: WordKey) => this.page.getByRole('status').filter({ hasText: this.words.pattern(key) });
    await expect(status('lookup.reading')).toBeHidden({ timeout: 15_000 });
    if (await status('lookup.refreshFailed').isVisible())
      throw new Error(`lookUp('${number}'): ${(await status('lookup.refreshFailed').textContent())?.trim()}`);
    return { available: (await available.textContent()) ?? '' };
  }

  /**
   * Gives back all (or `amount`) of a completed sale, found by its receipt's reference; the
   * manager's PIN typed where the terminal asks for it. Resolves once every part has gone back.
   */
  async returnSale(reference: string, amount?: Amount): Promise<void> {
    await this.at.open();
    await openScreen(this.at, 'returns');
    // The last return's outcome stays on the desk until Next return (a till's sale may have taken the screen meanwhile).
    const referenceField = this.page.getByLabel(this.words.text('returns.reference'));
    const next = this.page.getByRole('button', { name: this.words.text('returns.next'), exact: true });
    await expect(referenceField.or(next).first()).toBeVisible();
    if (await next.isVisible()) {
      // The last return's money still on its way back: the desk waits for it, and says so.
      if (await next.isDisabled())
        throw new Error(
          `returnSale('${reference}'): the last return is not finished: ${(await this.page.getByRole('main').getByRole('status').first().textContent())?.trim()}`,
        );
      await next.click();
    }
    await referenceField.fill(reference);
    await this.page.getByRole('button', { name: this.words.text('returns.find'), exact: true }).click();
    const found = this.page.getByRole('heading', { name: this.words.pattern('returns.sale') });
    const problem = this.page.getByRole('main').getByRole('alert');
    await expect(found.or(problem).first()).toBeVisible();
    if (!(await found.isVisible()))
      throw new Error(`returnSale('${reference}'): ${(await problem.first().textContent())?.trim()}`);
    if (amount !== undefined) await this.page.getByLabel(this.words.pattern('returns.amount')).fill(amount);
    await this.page.getByRole('button', { name: this.words.text('returns.giveBack'), exact: true }).click();
    const pin = this.page.getByLabel(this.words.text('manager.pin'), { exact: true });
    const confirm = this.page.getByRole('button', { name: this.words.pattern('returns.confirmYes') });
    const ways = this.page.getByRole('list', { name: this.words.text('returns.lines') });
    await expect(pin.or(confirm).or(ways).first()).toBeVisible();
    if (await pin.isVisible()) {
      await pin.fill(this.at.managerPin);
      await this.page.getByRole('button', { name: this.words.text('manager.unlock') }).click();
    }
    if (!(await ways.isVisible())) await confirm.click();
    await expect(ways.getByRole('listitem').first()).toBeVisible();
    await expect(ways).not.toContainText(
      new RegExp(
        `${this.words.pattern('returns.state.sending').source}|${this.words.pattern('returns.state.unknown').source}`,
      ),
      { timeout: 20_000 },
    );
    // Every part gone back, or what the screen says of the parts that did not.
    const notDone = ways.getByRole('listitem').filter({ hasNotText: this.words.pattern('returns.state.done') });
    if ((await notDone.count()) > 0)
      throw new Error(
        `returnSale('${reference}'): not every part went back: ${(await notDone.allTextContents()).map((t) => t.trim()).join(' / ')}`,
      );
  }

  private async requireOpenSale(method: string): Promise<void> {
    await this.at.open();
    await requireScreen(this.at, method, 'sale.title', 'it works on an open sale: call startSale first.');
    // A finished sale keeps the heading "Sale": its receipt and "Next sale" say it is done.
    if (await this.page.getByRole('button', { name: this.words.text('sale.next'), exact: true }).isVisible())
      throw new Error(`${method}: the sale on screen is finished: call startSale (or nextSale) for the next one.`);
  }

  /** A button the cashier cannot press yet: what the screen says is in the way, rather than a time-out. */
  private async requireEnabled(method: string, button: Locator): Promise<void> {
    // A while for a line's outcome to arrive (a lost answer asked again): the cashier waits for it too.
    const enabled = await expect(button)
      .toBeEnabled({ timeout: await this.patience() })
      .then(() => true)
      .catch(() => false);
    if (enabled) return;
    const text = async (l: Locator) => (await l.textContent({ timeout: 1_000 }).catch(() => null))?.trim();
    const why =
      (await text(this.page.locator('#complete-blocked'))) ??
      `${await text(this.page.getByLabel(this.words.text('sale.remaining'), { exact: true }))} is still due`;
    throw new Error(`${method}: the terminal does not allow it now: ${why}`);
  }

  /**
   * How long to wait for the sale to allow a step: a while when a payment is on its way (the sale
   * says so under Complete), a moment when nothing on screen will change by itself.
   */
  private async patience(): Promise<number> {
    const busy = this.page.locator('#complete-blocked').filter({ hasText: this.words.text('sale.cannotCompleteBusy') });
    return (await busy.isVisible()) ? 20_000 : 2_000;
  }

  private checkMagic(method: string, number: string): void {
    if (isMagicCard(number) && !this.at.magicCardsWork)
      throw new Error(
        `${method}('${number}'): this is one of the kit's magic cards, whose outcome is fixed only on the kit's ` +
          "server (or in training mode), and this terminal works with another server. Use one of that server's cards.",
      );
  }
}
