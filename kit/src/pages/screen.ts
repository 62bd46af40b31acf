import { expect, type Locator, type Page } from '@playwright/test';
import type { WordKey, Words } from '../words';

/** The terminal's screens, by the words their tabs carry. */
export type ScreenName = 'sale' | 'returns' | 'issue' | 'lookup' | 'journal' | 'training' | 'settings';

const tabs: Record<ScreenName, WordKey> = {
  sale: 'nav.sale',
  returns: 'nav.returns',
  issue: 'nav.issue',
  lookup: 'nav.lookup',
  journal: 'nav.journal',
  training: 'nav.training',
  settings: 'nav.settings',
};

/** What a page object needs of the terminal it works at. */
export interface Counter {
  readonly page: Page;
  readonly words: Words;
  /** Opens the terminal the first time anything is asked of it. */
  open(): Promise<void>;
  /** Whether a magic card's outcome is fixed here (the kit's server, or training mode). */
  readonly magicCardsWork: boolean;
  readonly managerPin: string;
}

/**
 * What an element says in words, as a person reads it: its text without the marks hidden from a
 * screen reader (the ✕ before a refusal) and without its buttons' labels; '' when it is gone.
 */
export async function saidBy(element: Locator): Promise<string> {
  const text = await element
    .evaluate(
      (el) => {
        const copy = el.cloneNode(true) as Element;
        for (const hidden of copy.querySelectorAll('[aria-hidden="true"], button')) hidden.remove();
        return copy.textContent ?? '';
      },
      undefined,
      { timeout: 2_000 },
    )
    .catch(() => '');
  return text.replace(/\s+/g, ' ').trim();
}

/** The heading of what the terminal shows now ('' while it loads). */
export async function currentHeading(page: Page): Promise<string> {
  const heading = page.getByRole('main').getByRole('heading', { level: 2 }).first();
  return (await heading.textContent({ timeout: 5_000 }).catch(() => null))?.trim() ?? '';
}

/**
 * A page object called where it cannot act: told in words (which method, what it needs, what is on
 * screen), instead of a locator timing out on something that will never appear.
 */
export async function requireScreen(at: Counter, method: string, heading: WordKey, hint: string): Promise<void> {
  const wanted = at.page.getByRole('main').getByRole('heading', { level: 2, name: at.words.pattern(heading, true) });
  const shown = await wanted
    .first()
    .waitFor({ timeout: 5_000 })
    .then(() => true)
    .catch(() => false);
  if (!shown)
    throw new Error(`${method}: ${hint} The terminal shows "${(await currentHeading(at.page)) || 'nothing yet'}".`);
}

/** To a screen by its tab (the tab bar on a tablet, the header row on a wide screen). */
export async function openScreen(at: Counter, screen: ScreenName): Promise<void> {
  const tab = at.page.getByRole('navigation').getByRole('button', { name: at.words.text(tabs[screen]), exact: true });
  await tab.click();
  await expect(tab).toHaveAttribute('aria-current', 'page');
}

/** The manager's PIN, typed where a screen asks for it (or set, the first time). */
export async function typeManagerPin(at: Pick<Counter, 'page' | 'words' | 'managerPin'>): Promise<void> {
  const { page, words } = at;
  const choose = page.getByRole('heading', { name: words.text('manager.chooseTitle') });
  const enter = page.getByLabel(words.text('manager.pin'), { exact: true });
  const unlocked = page.getByRole('button', { name: words.text('manager.lock') });
  // Visible only: a gate just answered can stay in the page, hidden, while the screen it opens loads.
  const asked = choose.or(enter).filter({ visible: true });
  await expect(asked.or(unlocked).first()).toBeVisible();
  // Unlocked already: a question for one action (a cash-out) may still be on its way (its code loads).
  if ((await asked.count()) === 0)
    await asked
      .first()
      .waitFor({ timeout: 1_000 })
      .catch(() => undefined);
  const gates = await asked.count();
  if (gates === 0) return; // unlocked, and nothing asks
  // Unlocked before this PIN (Lock manager already shows): only the question gone says it passed.
  const wasUnlocked = await unlocked.isVisible();
  const done = async () => (!wasUnlocked && (await unlocked.isVisible())) || (await asked.count()) < gates;
  const gate = page.locator('form.manager-gate').filter({ has: asked }).first();
  // What the gate says now (nothing waited for: a gate with no refusal has no alert, a gone one none).
  const gateSays = async () => (await gate.getByRole('alert').allInnerTexts()).join(' ').trim();
  const saidBefore = await gateSays(); // a refusal from an earlier try, still shown
  // Each action waits a moment only: a gate answered meanwhile (another step, another window) is gone.
  const quick = { timeout: 2_000 };
  try {
    if (await choose.first().isVisible()) {
      await gate.getByLabel(words.text('manager.newPin')).fill(at.managerPin, quick);
      await gate.getByLabel(words.text('manager.repeatPin')).fill(at.managerPin, quick);
      await gate.getByRole('button', { name: words.text('manager.setPin') }).click(quick);
    } else {
      const unlock = gate.getByRole('button', { name: words.text('manager.unlock') });
      if (await unlock.isDisabled(quick)) throw new Error(`managerUnlocks: the PIN pad says "${saidBefore}"`);
      await gate.getByLabel(words.text('manager.pin'), { exact: true }).fill(at.managerPin, quick);
      await unlock.click(quick);
    }
  } catch (error) {
    if (await done()) return;
    if (error instanceof Error && error.message.startsWith('managerUnlocks:')) throw error;
    throw new Error(`managerUnlocks: the PIN pad could not be answered (${String(error).split('\n')[0]})`, {
      cause: error,
    });
  }
  // Done when the manager is unlocked (Lock manager shows: a manager's screen), or when the question
  // it answered is gone (a PIN asked for one action, a cash-out or a till's refund, unlocks nothing).
  // A PIN refused is said in the gate's own words.
  const deadline = Date.now() + 7_000;
  for (;;) {
    if (await done()) return;
    const said = await gateSays();
    if (said && said !== saidBefore) throw new Error(`managerUnlocks: the PIN pad says "${said}"`);
    if (Date.now() > deadline) throw new Error('managerUnlocks: the PIN was typed, and the question is still asked.');
    await page.waitForTimeout(100);
  }
}
