/**
 * Finding what a cashier sees, done inside the page by one plain function, so Firefox (puppeteer
 * over WebDriver BiDi) and WebKit (classic WebDriver) pick exactly the same element: a field by its
 * label, a button or heading by its name, a row or list item by what it says, any text. The drivers
 * then act on it with their own native input (real mouse and key events).
 *
 * Everything exported here is sent into the page (`fn.toString()`): no imports, nothing from this
 * module's scope.
 */

/** How an element is named: a string is an exact name (whitespace collapsed), a RegExp a search. */
export type Name = string | RegExp;

/** A Name that crosses into the page (a RegExp does not survive JSON). */
export type Matcher = { s: string } | { re: string; flags: string };

export function matcher(name: Name): Matcher {
  return name instanceof RegExp ? { re: name.source, flags: name.flags } : { s: name };
}

/**
 * What to look for, by role:
 * - `button`, `heading`, `img`, `row`, `listitem`, `status`: by accessible name (aria-label or
 *   aria-labelledby, else the text inside).
 * - `field`: an input, select or textarea by its label (`<label for>`, aria-label, aria-labelledby).
 * - `labelled`: anything labelled (a field, or a value such as the sale's "Still due").
 * - `text`: the innermost element whose text contains the string (or matches the RegExp).
 */
export type Kind =
  'button' | 'heading' | 'field' | 'labelled' | 'img' | 'row' | 'listitem' | 'status' | 'alert' | 'text';

/** Only inside a landmark (the tab bar is `navigation`, the header `banner`). */
export type Landmark = 'navigation' | 'banner' | 'main';

export interface Where {
  within?: Landmark;
  /** and only if its text (whitespace collapsed) contains this string or matches this RegExp */
  has?: Name;
  /** and only if it has the keyboard's focus (true) or has not (false) */
  focused?: boolean;
}

/** The same, across into the page. */
export interface WhereInPage {
  within?: Landmark;
  has?: Matcher;
  focused?: boolean;
}

export function whereInPage(where: Where = {}): WhereInPage {
  return {
    within: where.within,
    has: where.has === undefined ? undefined : matcher(where.has),
    focused: where.focused,
  };
}

/** The first visible match, or null. */
export function find(kind: Kind, m: Matcher, where: WhereInPage): Element | null {
  // As a name is read out: soft hyphens (the German tab labels' break points) are not part of it.
  const norm = (s: string | null | undefined) =>
    (s ?? '')
      .replace(/\u00AD/g, '')
      .replace(/\s+/g, ' ')
      .trim();
  const test = (x: Matcher, s: string | null | undefined, substring: boolean) =>
    're' in x
      ? new RegExp(x.re, x.flags).test(norm(s))
      : substring
        ? norm(s).includes(norm(x.s))
        : norm(s) === norm(x.s);
  const visible = (el: Element) =>
    typeof el.checkVisibility === 'function'
      ? el.checkVisibility({ visibilityProperty: true })
      : (el as Element).getClientRects().length > 0;
  const byIds = (ids: string) =>
    ids
      .split(/\s+/)
      .map((id) => document.getElementById(id)?.textContent ?? '')
      .join(' ');
  const labelOf = (el: Element) => {
    const by = el.getAttribute('aria-labelledby');
    if (by) return byIds(by);
    const aria = el.getAttribute('aria-label');
    if (aria) return aria;
    const labels = (el as HTMLInputElement).labels;
    if (labels?.length) return Array.from(labels, (l) => l.textContent).join(' ');
    return '';
  };
  const nameOf = (el: Element) => labelOf(el) || (el instanceof HTMLInputElement ? el.value : el.textContent);
  const landmarks: Record<Landmark, string> = {
    navigation: 'nav, [role="navigation"]',
    banner: 'header, [role="banner"]',
    main: 'main, [role="main"]',
  };
  const roots = where.within ? Array.from(document.querySelectorAll(landmarks[where.within])) : [document.body];
  const all = (selector: string) =>
    roots
      .flatMap((root) => Array.from(root.querySelectorAll(selector)))
      .filter(
        (el) =>
          visible(el) &&
          (!where.has || test(where.has, el.textContent, true)) &&
          (where.focused === undefined || (document.activeElement === el) === where.focused),
      );
  const named = (selector: string) => all(selector).find((el) => test(m, nameOf(el), false)) ?? null;
  switch (kind) {
    case 'button':
      return named('button, [role="button"], input[type="submit"], input[type="button"], summary');
    case 'heading':
      return named('h1, h2, h3, h4, h5, h6, [role="heading"]');
    case 'img':
      return named('img, svg[aria-label], [role="img"]');
    case 'row':
      return named('tr, [role="row"]');
    case 'listitem':
      return named('li, [role="listitem"]');
    case 'status':
      return named('[role="status"], output');
    case 'alert':
      return named('[role="alert"]');
    case 'field':
      return (
        all('input, select, textarea').find(
          (el) => (el as HTMLInputElement).type !== 'hidden' && test(m, labelOf(el), false),
        ) ?? null
      );
    case 'labelled':
      return (
        all('input, select, textarea, [aria-labelledby], [aria-label]').find((el) => test(m, labelOf(el), false)) ??
        null
      );
    case 'text': {
      const hits = all('*').filter((el) => test(m, el.textContent, true));
      return hits.find((el) => !hits.some((other) => other !== el && el.contains(other))) ?? null;
    }
  }
}

/** What a found element shows: a field's value (a select's chosen option), otherwise its text, else its name (a barcode's). */
export function shownText(el: Element): string {
  if (el instanceof HTMLSelectElement) return el.selectedOptions[0]?.textContent?.trim() ?? '';
  if (el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement) return el.value;
  return (el.textContent ?? '').replace(/\s+/g, ' ').trim() || (el.getAttribute('aria-label') ?? '');
}

/**
 * Chooses the option of a select whose text matches, as a person picking it would leave it: the
 * value set, then input and change (what puppeteer's own select() does). False when no option matches.
 */
export function chooseOption(select: Element, m: Matcher): boolean {
  const norm = (s: string | null) => (s ?? '').replace(/\s+/g, ' ').trim();
  if (!(select instanceof HTMLSelectElement)) return false;
  const option = Array.from(select.options).find((o) =>
    're' in m ? new RegExp(m.re, m.flags).test(norm(o.textContent)) : norm(o.textContent) === norm(m.s),
  );
  if (!option) return false;
  select.focus();
  select.value = option.value;
  select.dispatchEvent(new Event('input', { bubbles: true }));
  select.dispatchEvent(new Event('change', { bubbles: true }));
  return true;
}

/** Empties a field and leaves it focused, its text selected, for the keys that follow. */
export function selectAll(el: Element): void {
  if (el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement) {
    el.focus();
    el.select();
  }
}

/** Two animation frames: what the last change laid out has been painted (after a resize, before a picture). */
export function painted(): Promise<[number, number]> {
  return new Promise((done) =>
    requestAnimationFrame(() => requestAnimationFrame(() => done([innerWidth, innerHeight]))),
  );
}

/**
 * Resolves when the element has kept its place for two animation frames running (at most a
 * second): a click goes where a person would tap, not where a notice that arrived late (the
 * home-screen advice in WebKit) has just moved it from. Playwright's own clicks wait the same way.
 */
export function stable(el: Element): Promise<boolean> {
  const place = () => {
    const r = el.getBoundingClientRect();
    return `${r.x},${r.y},${r.width},${r.height}`;
  };
  const until = Date.now() + 1000;
  return new Promise((done) => {
    let last = place();
    let still = 0;
    const frame = () => {
      const now = place();
      still = now === last ? still + 1 : 0;
      last = now;
      if (still >= 2 || Date.now() > until) done(still >= 2);
      else requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
  });
}
