import { type Locator, type Page } from '@playwright/test';
import { expect, expectAccessible, test } from './support/project';
import { pastTheRightEdge } from './support/right-edge';
import { midWordBreaks } from './support/word-breaks';
import {
  line,
  openLiveTerminal,
  startSale,
  tender,
  goTo,
  managerUnlocks,
  openTerminal,
  resetSimulator,
  smallTargets,
} from '@loyalty-terminal/playwright/steps';

/**
 * The till in the hand: at a phone's, a portrait tablet's and a landscape tablet's size, in live
 * mode with nothing waiting, the chrome is one row (each screen's heading starts within 80 px on a
 * phone, 88 px on a tablet), each screen's primary action is on the first screen without
 * scrolling and not under the tab bar, nothing scrolls sideways, axe finds nothing, and every
 * target is at least 44 px.
 */
const sizes = [
  { name: 'phone', width: 390, height: 844, headingWithin: 80 },
  { name: 'portrait tablet', width: 768, height: 1024, headingWithin: 88 },
  { name: 'landscape tablet', width: 1024, height: 768, headingWithin: 88 },
];

async function expectScreen(page: Page, headingWithin: number, primary?: Locator) {
  // Measured with nothing waiting: a line in the header says when something does.
  await expect(page.getByRole('banner').getByText(/waiting to reach the server/)).toHaveCount(0);
  await page.evaluate(() => document.querySelector('.app-scroll')?.scrollTo(0, 0));
  const title = page.getByRole('main').getByRole('heading', { level: 2 }).first();
  const heading = await title.boundingBox();
  expect(heading?.y, `"${await title.textContent()}" starts within ${headingWithin} px`).toBeLessThanOrEqual(
    headingWithin,
  );
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  // The screen scrolls in a box of its own, which clips instead of widening the page: each element measured.
  expect(await page.evaluate(pastTheRightEdge)).toEqual([]);
  if (primary) {
    await expect(primary).toBeVisible();
    const box = await primary.boundingBox();
    const bar = await page.locator('.app-nav-bottom').boundingBox();
    const height = page.viewportSize()?.height ?? 0;
    expect(box!.y).toBeGreaterThanOrEqual(0);
    // Fully on the first screen, above the tab bar: reachable without scrolling.
    expect(box!.y + box!.height).toBeLessThanOrEqual(bar?.y ?? height);
    expect(await page.evaluate(() => document.querySelector('.app-scroll')?.scrollTop)).toBe(0);
  }
  await expectAccessible(page);
  const small = await smallTargets(page);
  expect(small).toEqual([]);
}

/** A 16-digit card number keyed or scanned is in view whole, its first digits not scrolled away. */
async function expectWholeNumber(field: Locator) {
  await field.fill('7001000000000001');
  expect(await field.evaluate((input: HTMLInputElement) => input.scrollWidth <= input.clientWidth)).toBe(true);
  await field.fill('');
}

for (const size of sizes)
  test(`at ${size.width}x${size.height} (${size.name}): one row of chrome, every primary action on the first screen`, async ({
    page,
    loyaltyServer,
  }) => {
    test.setTimeout(90_000);
    await resetSimulator(loyaltyServer);
    await page.setViewportSize({ width: size.width, height: size.height });
    await openLiveTerminal(page, loyaltyServer);
    const within = size.headingWithin;
    // Phones and tablets: the screens in a tab bar at the bottom, the header one row.
    await expect(page.locator('.app-nav-bottom')).toBeVisible();
    await expectScreen(page, within, page.getByRole('button', { name: 'Start sale' }));

    await startSale(page, '25');
    await expect(page.getByRole('heading', { name: 'Sale', exact: true })).toBeVisible();
    await expectWholeNumber(page.getByRole('textbox', { name: 'Card number' }));
    await page.getByRole('textbox', { name: 'Card number' }).fill('700100000001');
    await page.getByRole('button', { name: 'Look up' }).click();
    await expectScreen(page, within, page.getByRole('button', { name: /^Take / }));
    await tender(page, '700100000001', '25');
    // Nothing waiting: the hold answered (while it is on its way, the header says so on a second line).
    await expect(line(page, 'Gift card •••• 0001')).toContainText('On hold');
    await expectScreen(page, within, page.getByRole('button', { name: 'Complete sale' }));
    await page.getByRole('button', { name: 'Complete sale' }).click();
    await page.getByRole('button', { name: 'Next sale' }).click();

    await goTo(page, 'Issue');
    await page.getByRole('button', { name: 'Print a new gift card' }).click();
    await expectScreen(page, within, page.getByRole('button', { name: 'Issue and print gift card' }));
    await goTo(page, 'Card lookup');
    await expectScreen(page, within, page.getByRole('button', { name: 'Look up' }));
    await expectWholeNumber(page.getByRole('textbox', { name: 'Card number' }));
    await goTo(page, 'Returns');
    await expectScreen(page, within, page.getByRole('button', { name: 'Find sale' }));
    await goTo(page, 'Training');
    await expectScreen(page, within);
    await goTo(page, 'Journal');
    await expectScreen(page, within);
    await expect(page.getByRole('group', { name: 'Every operation, newest first' })).toBeVisible();
    expect(await page.evaluate(midWordBreaks, '.table th, .table td')).toEqual([]);
    await goTo(page, 'Settings');
    await managerUnlocks(page);
    await expectScreen(page, within);
    // The trainer's panel exists in training mode only.
    await goTo(page, 'Training');
    await page.getByRole('button', { name: 'Start training mode' }).click();
    await expect(page.getByRole('group', { name: 'Make the next requests fail' })).toBeVisible();
    await expectScreen(page, within);
  });

/**
 * A desktop of 1300 px is the narrowest with the seven tabs in the header: in German they leave the
 * training badge little room. The explanation may end in an ellipsis; the word that says this is
 * training never does, and nothing goes past the screen's right edge.
 */
const training = {
  'en-IE': { word: 'TRAINING', sentence: 'TRAINING — simulated server, no real money' },
  'de-DE': { word: 'SCHULUNG', sentence: 'SCHULUNG — simulierter Server, kein echtes Geld' },
};
for (const [language, { word, sentence }] of Object.entries(training))
  test(`training beside the seven tabs at 1300x800 (${language}): one row, the word ${word} whole`, async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1300, height: 800 });
    await openTerminal(page);
    await goTo(page, 'Settings');
    await page.getByLabel('Language and formats').selectOption(language);
    await expect(page.getByRole('banner').getByRole('navigation').getByRole('button')).toHaveCount(7);
    const badge = page.getByRole('banner').getByText(sentence);
    expect((await badge.boundingBox())!.height).toBeLessThan(40); // one line
    // What shows the sentence is the nearest box that clips it; where it is cut, an ellipsis (about
    // an em) ends what is shown there: the word ends before it.
    const room = await badge.evaluate((el, w) => {
      const text = [...el.childNodes].find((n): n is Text => n instanceof Text && n.data.includes(w))!;
      const range = document.createRange();
      range.setStart(text, text.data.indexOf(w));
      range.setEnd(text, text.data.indexOf(w) + w.length);
      let box: Element = el;
      while (getComputedStyle(box).overflowX === 'visible' && box.parentElement) box = box.parentElement;
      const style = getComputedStyle(box);
      const cut = box.scrollWidth > box.clientWidth;
      const shownRight =
        box.getBoundingClientRect().right -
        parseFloat(style.borderRightWidth) -
        parseFloat(style.paddingRight) -
        (cut ? parseFloat(style.fontSize) : 0);
      return shownRight - range.getBoundingClientRect().right;
    }, word);
    expect(room, `${word} is shown whole`).toBeGreaterThanOrEqual(0);
    expect(await page.evaluate(pastTheRightEdge)).toEqual([]);
  });

/**
 * On a phone a tab is a seventh of the width, narrower than Kartenabfrage or Einstellungen: a label
 * breaks only where a word may (a space, or a soft hyphen the German catalogue sets between
 * syllables), never inside a syllable as it did ("Rückgab|e"), which no browser's hyphenation
 * dictionary can be relied on to prevent.
 */
for (const language of ['en-IE', 'de-DE'])
  test(`the tab bar at 390x844 (${language}): labels break only between syllables`, async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await openTerminal(page);
    await goTo(page, 'Settings');
    await page.getByLabel('Language and formats').selectOption(language);
    const nav = page.locator('.app-nav-bottom');
    await expect(nav.getByRole('button')).toHaveCount(7);
    if (language === 'de-DE') await expect(nav.getByRole('button', { name: 'Kartenabfrage' })).toBeVisible();
    expect(await page.evaluate(midWordBreaks, '.app-nav-bottom .nav-label')).toEqual([]);
    expect(await page.evaluate(pastTheRightEdge)).toEqual([]);
  });

/**
 * A table on a phone keeps its words whole ("Gift car|d", "Geschenkk|arte" before): one wider than
 * the screen scrolls sideways in its own region, which a keyboard reaches too.
 */
for (const language of ['en-IE', 'de-DE'])
  test(`the journal's tables at 390x844 (${language}): words whole, a wide table scrolls in its own box`, async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await openTerminal(page);
    await goTo(page, 'Settings');
    await page.getByLabel('Language and formats').selectOption(language);
    await page.locator('.app-nav-bottom').getByRole('button').nth(4).click();
    await page.locator('.journal .panel').nth(1).getByRole('button').first().click();
    await expect(page.locator('.report-table')).toBeVisible();
    expect(await page.evaluate(midWordBreaks, '.table th, .table td')).toEqual([]);
    expect(await page.evaluate(pastTheRightEdge)).toEqual([]);
    const today = page.locator('.table-scroll').first();
    await today.focus();
    await expect(today).toBeFocused();
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => today.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
    await expectAccessible(page);
  });

test('a plain-http server on a phone: the address gives way in the header, its warning never does', async ({
  page,
  loyaltyServer,
}) => {
  await resetSimulator(loyaltyServer);
  await page.setViewportSize({ width: 390, height: 844 });
  await openLiveTerminal(page, loyaltyServer);
  const badge = page.getByRole('banner').locator('p', { hasText: /^Live: / });
  // Read out whole (the words are only visually hidden on a phone) ...
  await expect(badge).toMatchAriaSnapshot(`- paragraph: "Live: ${new URL(loyaltyServer.url).host} · not encrypted"`);
  // ... and the mark is drawn inside the badge, not cut off by its ellipsis.
  const mark = await badge.getByText('▲').boundingBox();
  const box = await badge.boundingBox();
  expect(mark && box && mark.width > 0 && mark.x + mark.width <= box.x + box.width).toBe(true);
  // The cashier's name on the menu stays whole ("Casey", not "Cas…"): the address gives way first.
  const name = page.getByRole('banner').getByText('Casey', { exact: true });
  expect(await name.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
});
