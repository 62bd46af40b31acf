/**
 * What reaches past the right edge of the screen (or text past its own box's, over its
 * neighbour), measured in the page by one plain function that
 * the Chromium e2e (`page.evaluate(pastTheRightEdge)`, e2e/layout.spec.ts) and the Firefox and
 * WebKit smoke suite (e2e-engines) both send in. An empty list: nothing is cut off.
 *
 * Measuring the page's width is not enough: the terminal scrolls inside a box of its own
 * (`.app-scroll`, between the header and the tab bar), and a box that scrolls clips what is too
 * wide for it instead of widening the page. So every element and every run of text is measured
 * against what it is seen through: the screen, and each box around it that clips or scrolls (its
 * inside, without its scrollbar). Cut off by the app's own scroll box is past the edge. And a box
 * that can be scrolled sideways at all is reported too, wherever it happens to be scrolled to.
 *
 * Clipped on purpose, not reported: what is inside a visually hidden element (1 px or less, for
 * screen readers), inside a box that ends its text with an ellipsis, or inside a box that a
 * keyboard can scroll (a scroll container with a tabindex: a wide table offered for scrolling).
 * What is not rendered is not measured. Only the outermost culprit is named (a row too wide, not
 * each of its buttons too).
 *
 * `fn.toString()` goes into the page: nothing here may use this module's scope or an import.
 */
export function pastTheRightEdge(): string[] {
  const slack = 0.5; // sub-pixel rounding
  const screenRight = document.documentElement.clientWidth;
  const found = new Map<Node, string>();
  const sideways: string[] = [];

  /** An element as a person would name it: its label, a group's legend, or the start of its text. */
  const describe = (el: Element) => {
    const name =
      el.getAttribute('aria-label') ||
      (el as HTMLInputElement).labels?.[0]?.textContent ||
      (el instanceof HTMLFieldSetElement ? el.querySelector('legend')?.textContent : null) ||
      el.textContent ||
      '';
    const short = name.replace(/\s+/g, ' ').trim().slice(0, 60);
    return `${el.tagName.toLowerCase()}${short ? ` "${short}"` : ''}`;
  };
  const scrolls = (style: CSSStyleDeclaration) => style.overflowX === 'auto' || style.overflowX === 'scroll';
  const onPurpose = (box: Element, style: CSSStyleDeclaration) => {
    const rect = box.getBoundingClientRect();
    if (rect.width <= 1 && rect.height <= 1) return true; // visually hidden
    if (style.textOverflow === 'ellipsis') return true;
    return scrolls(style) && (box as HTMLElement).tabIndex >= 0; // a region scrolled on purpose
  };

  /**
   * How far right the node can be seen: the screen's edge, or the inside of the nearest box that
   * clips it. Only boxes on its containing-block chain clip it (an absolutely placed element is
   * clipped by positioned boxes only, a fixed one by the screen only). Null: clipped on purpose.
   */
  const visibleRight = (node: Node, ownPosition: string): number | null => {
    let right = screenRight;
    let reach = ownPosition === 'fixed' ? 'none' : ownPosition === 'absolute' ? 'positioned' : 'all';
    for (let a = node.parentElement; a && a !== document.documentElement && reach !== 'none'; a = a.parentElement) {
      const style = getComputedStyle(a);
      const positioned = style.position !== 'static';
      if (reach === 'positioned' && !positioned) continue;
      if (style.overflowX !== 'visible' || style.clipPath !== 'none') {
        if (onPurpose(a, style)) return null;
        if (style.overflowX !== 'visible') {
          // Its inside: its left border, then what it shows (clientWidth leaves out the scrollbar).
          right = Math.min(right, a.getBoundingClientRect().left + a.clientLeft + a.clientWidth);
        }
      }
      reach = style.position === 'fixed' ? 'none' : style.position === 'absolute' ? 'positioned' : 'all';
    }
    return right;
  };

  const shown = (el: Element) =>
    typeof el.checkVisibility === 'function'
      ? el.checkVisibility({ visibilityProperty: true })
      : (el as Element).getClientRects().length > 0;

  for (const el of document.body.querySelectorAll('*')) {
    if (!shown(el)) continue;
    const box = el.getBoundingClientRect();
    if (box.width === 0 && box.height === 0) continue;
    const style = getComputedStyle(el);
    const limit = visibleRight(el, style.position);
    if (limit === null) continue;
    if (box.right > limit + slack)
      found.set(el, `${describe(el)}: right edge ${Math.round(box.right)} > ${Math.round(limit)}`);
    else if (scrolls(style) && el.scrollWidth > el.clientWidth + 1 && !onPurpose(el, style))
      sideways.push(
        `the scroll box of "${el.querySelector('h1, h2, h3')?.textContent ?? describe(el)}" scrolls sideways (${el.scrollWidth} px wide inside ${el.clientWidth})`,
      );
  }

  // Text that runs out of its own box (a word too long for a narrow column, a label kept on one
  // line): past the screen's edge, or over whatever stands to its right.
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  const range = document.createRange();
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const parent = node.parentElement;
    if (!parent || !node.textContent?.trim() || !shown(parent) || found.has(parent)) continue;
    const limit = visibleRight(node, 'static');
    if (limit === null) continue;
    range.selectNodeContents(node);
    const right = Math.max(0, ...Array.from(range.getClientRects(), (r) => (r.width > 0 ? r.right : 0)));
    // Every box it is drawn in, up its containing blocks: the narrowest is the one it runs out of.
    let own: Element = parent;
    for (let a: Element | null = parent; a && a !== document.body; a = a.parentElement) {
      const style = getComputedStyle(a);
      if (
        style.display !== 'inline' &&
        style.display !== 'contents' &&
        a.getBoundingClientRect().right < own.getBoundingClientRect().right
      )
        own = a;
      if (style.position === 'absolute' || style.position === 'fixed') break;
    }
    const ownRight = own.getBoundingClientRect().right;
    const text = `text "${node.textContent.replace(/\s+/g, ' ').trim().slice(0, 60)}"`;
    if (right > limit + slack)
      found.set(node, `${text} in ${describe(parent)}: right edge ${Math.round(right)} > ${Math.round(limit)}`);
    else if (right > ownRight + slack)
      found.set(
        node,
        `${text} runs out of ${describe(own)}: right edge ${Math.round(right)} > ${Math.round(ownRight)}`,
      );
  }

  const page = document.documentElement;
  if (page.scrollWidth > page.clientWidth + 1)
    sideways.push(`the page scrolls sideways (${page.scrollWidth} px wide inside ${page.clientWidth})`);

  // The outermost culprit only: an element whose parent is reported already says it.
  const culprits = [...found].filter(([node]) => !(node.parentElement && found.has(node.parentElement)));
  return [...culprits.map(([, what]) => what), ...sideways];
}
