/**
 * The cashier's steps, written once against the adapter (driver.ts) and named for what the
 * cashier means to do, like the Chromium e2e's kit (e2e/support): found by role, label and text,
 * never by a CSS class. Each step waits for what it needs and for what it leads to, and no longer:
 * no pause to let the page settle.
 */
import { LoyaltyServer } from '../kit/src/loyalty-server';
import { CASEY, MANAGER_PIN, terminalRecords, type Cashier } from '../kit/src/seed';
import { FIND_TIMEOUT_MS, type Driver, type Name } from './driver';

export type Screen = 'Sale' | 'Returns' | 'Issue' | 'Card lookup' | 'Journal' | 'Training' | 'Settings';
/** The same in German. */
export type Bildschirm =
  'Verkauf' | 'Rückgabe' | 'Ausgabe' | 'Kartenabfrage' | 'Journal' | 'Schulung' | 'Einstellungen';

/** Fails the scenario with what was expected. */
export function check(ok: boolean, what: string): asserts ok {
  if (!ok) throw new Error(what);
}

/** Which of these screens shows first (each asked in turn until one does, for up to FIND_TIMEOUT_MS). */
async function first<K extends string>(shows: Record<K, () => Promise<boolean>>): Promise<K> {
  const until = Date.now() + FIND_TIMEOUT_MS;
  for (;;) {
    for (const [key, shown] of Object.entries(shows) as [K, () => Promise<boolean>][]) if (await shown()) return key;
    if (Date.now() > until) throw new Error(`None of ${Object.keys(shows).join(', ')} showed`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Where the terminal is served, and the live server it is set up for (null: training mode). */
export interface Setup {
  terminal: string;
  simulator: string | null;
  /** A cashier signed on before (null: the sign-on screen comes first). */
  cashier?: Cashier | null;
}

/**
 * Opens the terminal as a manager left it: settings (and a signed-on cashier) in its storage
 * before its first script runs. Written from a static file of the same origin, as WebDriver has no
 * "before the page's scripts" hook; the same records the kit seeds (kit/src/seed.ts).
 */
export async function openTerminal(t: Driver, { terminal, simulator, cashier = CASEY }: Setup) {
  const records = Object.entries(
    terminalRecords({
      mode: simulator ? 'live' : 'training',
      server: simulator ? new LoyaltyServer(simulator) : undefined,
      locale: 'en-IE',
      cashier,
      pin: null,
    }),
  );
  if (records.length) {
    await t.goto(`${terminal}/favicon.svg`);
    await t.evaluate((entries: [string, string][]) => {
      for (const [key, value] of entries) localStorage.setItem(key, value);
    }, records);
  }
  await t.goto(`${terminal}/`);
  if (simulator) await t.see('text', `Live: ${new URL(simulator).host}`, { within: 'banner' });
  else await t.see('text', /TRAINING/, { within: 'banner' });
}

export async function signOn(t: Driver, cashier: Cashier = CASEY) {
  await t.see('heading', 'Sign on');
  await t.fillByLabel('Operator id', cashier.operatorId);
  await t.fillByLabel('Name', cashier.name);
  await t.click('button', 'Sign on');
  await t.see('heading', 'New sale');
}

/** A screen from the tab bar (or the header's row on a wide screen). */
export async function goTo(t: Driver, screen: Screen | Bildschirm) {
  await t.click('button', screen, { within: 'navigation' });
}

/** The manager's PIN where a screen asks for it: set on first use, entered after that. */
export async function managerUnlocks(t: Driver) {
  const asked = await first({
    set: () => t.isShown('heading', 'Set a manager PIN'),
    enter: () => t.isShown('field', 'Manager PIN'),
    unlocked: () => t.isShown('button', 'Lock manager'),
  });
  if (asked === 'set') {
    await t.fillByLabel('New manager PIN', MANAGER_PIN);
    await t.fillByLabel('Repeat the PIN', MANAGER_PIN);
    await t.click('button', 'Set PIN');
  } else if (asked === 'enter') {
    await t.fillByLabel('Manager PIN', MANAGER_PIN);
    await t.click('button', 'Unlock');
  }
  await t.see('button', 'Lock manager');
}

export async function startSale(t: Driver, due: string) {
  await t.fillByLabel(/^Amount due/, due);
  await t.click('button', 'Start sale');
  await t.see('heading', 'Sale');
}

const lastFour = (number: string) => `•••• ${number.slice(-4)}`;

/** A tender line of the open sale, by the card's last four digits or the way it was paid ("Cash"). */
export const tenderLine = (t: Driver, name: Name, has?: Name) => t.see('listitem', name, { has });

/**
 * Scans a card on the open sale (keys and Enter, no field tapped first, as a scanner types) and
 * takes `amount`, or the amount offered (the smaller of what is due and what the card has).
 * Returns the card's tender line once it is there.
 */
export async function payWithCard(t: Driver, number: string, amount?: string) {
  await t.click('heading', 'Pay with a card');
  await t.typeKeys(number, true);
  await t.see('field', 'Amount to take from this card');
  if (amount !== undefined) await t.fillByLabel('Amount to take from this card', amount);
  await t.click('button', /^Take /);
  return tenderLine(t, new RegExp(lastFour(number)));
}

/** Cash or bank card at the drawer: `amount`, or what is still due. */
export async function payOtherWay(t: Driver, amount?: string) {
  await t.click('button', 'Other payment (cash, bank card)');
  if (amount !== undefined) await t.fillByLabel('Amount paid another way', amount);
  await t.click('button', /^Record /);
  return tenderLine(t, /^.?\s*Cash/);
}

export async function expectStillDue(t: Driver, amount: string) {
  await t.see('labelled', 'Still due', { has: new RegExp(`^${amount.replace(/[.$]/g, '\\$&')}$`) });
}

/** Completes the sale; returns its receipt's reference (S and 12 hex digits, under the receipt's barcode). */
export async function completeSale(t: Driver) {
  await t.click('button', 'Complete sale');
  await t.see('status', /Sale completed/);
  const name = await t.see('img', /^Receipt S[0-9A-F]{12}$/);
  return name.replace('Receipt ', '');
}

export async function nextSale(t: Driver) {
  await t.click('button', 'Next sale');
  await t.see('heading', 'New sale');
}

/**
 * A card scanned at the card lookup; returns what it has available. The screen puts the keyboard
 * in its number field when it opens: the scan starts once it has (as a scanner's keys would go
 * there), from a tap on the heading as the Chromium e2e's scan() does, so no key lands in the
 * field mid-scan.
 */
export async function lookUp(t: Driver, number: string) {
  await goTo(t, 'Card lookup');
  await t.see('field', 'Card number', { focused: true });
  await t.click('heading', 'Look up a card');
  await t.see('field', 'Card number', { focused: false });
  await t.typeKeys(number, true);
  return t.see('labelled', /^(Available|Verfügbar)$/);
}

/**
 * Gives back (all of what is left, or `amount`) of the sale whose receipt is `reference`, keyed
 * as printed under the receipt's barcode. Returns the ways the money went back, once each is done.
 */
export async function returnSale(t: Driver, reference: string, amount?: string) {
  await goTo(t, 'Returns');
  await t.fillByLabel('Receipt reference', reference);
  await t.click('button', 'Find sale');
  await t.see('heading', new RegExp(`^Sale ${reference}`));
  if (amount !== undefined) await t.fillByLabel(/^Amount to give back/, amount);
  await t.click('button', 'Give back');
  await t.see('status', /^Given back/);
  return t.see('labelled', 'How the money goes back');
}

/** The journal, behind the manager's PIN. */
export async function openJournal(t: Driver) {
  await goTo(t, 'Journal');
  await managerUnlocks(t);
  await t.see('heading', 'Journal');
}

export async function openSettings(t: Driver) {
  await goTo(t, 'Settings');
  await managerUnlocks(t);
  await t.see('heading', 'Terminal settings');
}

/** The terminal's language, from the header's menu ("Deutsch", "English"…, each named in its own language). */
export async function chooseLanguage(t: Driver, language: string) {
  await t.click('button', /(Menu|Menü)$/, { within: 'banner' });
  await t.chooseByLabel(/^(Language|Sprache)$/, new RegExp(`^${language}`));
}

/**
 * Settings → Receipt printer → a network printer (Epson ePOS-Print) at `address`, with `seconds`
 * to print a slip; saved. The same labels the Chromium e2e's chooseNetworkPrinter uses.
 */
export async function chooseNetworkPrinter(t: Driver, address: string, seconds: number) {
  await openSettings(t);
  await t.chooseByLabel('Print slips with', 'A network printer (Epson ePOS-Print)');
  await t.fillByLabel('Printer address', address);
  await t.fillByLabel('Time the printer has for a slip (seconds)', String(seconds));
  await t.click('button', 'Save network printer');
  await t.see('status', /Network printer saved\./);
}

/** The browser's print dialog counted instead of opened (a headless browser has none to show), from now until a reload. */
export async function countPrintDialogs(t: Driver) {
  await t.evaluate(() => {
    const w = window as unknown as { printDialogs: number };
    w.printDialogs = 0;
    window.print = () => void (w.printDialogs += 1);
  });
}

export const printDialogs = (t: Driver) =>
  t.evaluate(() => (window as unknown as { printDialogs: number }).printDialogs);

/** Training mode from the Training screen: the simulator in the page, the trainer's panel. */
export async function startTrainingMode(t: Driver) {
  await goTo(t, 'Training');
  await t.click('button', 'Start training mode');
  await t.see('heading', 'Scenario cards');
}
