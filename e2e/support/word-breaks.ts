/**
 * Where text breaks inside a word: for each element matching `selector`, every line break in its
 * text that is not at a space, a soft hyphen or a hyphen, as "before|after". An empty list: every
 * word is whole on its line (or broken where the catalogue allows it). Measured with each
 * character's own box, in the page (`page.evaluate(midWordBreaks, selector)`): nothing here may use
 * this module's scope or an import.
 */
export function midWordBreaks(selector: string): string[] {
  const bad: string[] = [];
  for (const element of document.querySelectorAll(selector)) {
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node as Text;
      const s = text.data;
      let lastTop: number | null = null;
      for (let i = 0; i < s.length; i++) {
        if (/[\s\u00AD]/.test(s[i]!)) continue;
        const range = document.createRange();
        range.setStart(text, i);
        range.setEnd(text, i + 1);
        // The character's own box (a range at a line's start also touches the end of the line before).
        const rects = [...range.getClientRects()].filter((r) => r.width > 0);
        if (rects.length === 0) continue;
        const top = Math.max(...rects.map((r) => r.top));
        if (lastTop !== null && top > lastTop + 2 && !/[\s\u00AD\-–—/]$/.test(s.slice(0, i)))
          bad.push(`${s.slice(0, i)}|${s.slice(i)}`);
        lastTop = top;
      }
    }
  }
  return bad;
}
