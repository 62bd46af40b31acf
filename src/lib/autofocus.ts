/**
 * React focuses an element rendered with `autoFocus` when it mounts; Preact, which draws the
 * terminal (docs/decisions.md, 2026-11-25), only writes the `autofocus` attribute, and a browser
 * honours that once per page. This focuses the element once it is added, in the frame that paints
 * it: focusing in the task that rendered it would make the browser lay the page out there and then
 * (about 10 ms on a tablet, as much again as the render of a screen).
 */
export function focusWhatMountsWithAutofocus(root: Node): () => void {
  const observer = new MutationObserver((records) => {
    let target: HTMLElement | null = null;
    for (const record of records)
      for (const node of record.addedNodes) {
        if (!(node instanceof HTMLElement)) continue;
        const found = node.hasAttribute('autofocus') ? node : node.querySelector<HTMLElement>('[autofocus]');
        if (found) target = found;
      }
    if (target) requestAnimationFrame(() => target.isConnected && target.focus());
  });
  observer.observe(root, { childList: true, subtree: true });
  return () => observer.disconnect();
}
