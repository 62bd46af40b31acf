import { useCallback, useEffect, useRef } from 'react';

/**
 * After a question's yes the action runs, and the focus has gone with the question: what follows
 * takes it. `follow()` from the yes; `followRef` on each element that may follow (the outcome, a
 * text given tabIndex={-1}, or the button again). After each render, while the focus is lost (on
 * the page itself), the first of them on screen that can take it does, so "sending…" hands it on
 * to the answer that replaces it, and a button greyed out while the action is sent takes it once it
 * can be pressed again. Never taken from where someone has put it.
 */
export function useFocusFollows() {
  const following = useRef(false);
  const targets = useRef(new Set<HTMLElement>());
  const followRef = useCallback((element: HTMLElement | null) => {
    if (!element) return undefined;
    targets.current.add(element);
    return () => void targets.current.delete(element);
  }, []);
  useEffect(() => {
    const now = document.activeElement;
    if (!following.current || (now && now !== document.body)) return;
    for (const element of targets.current) {
      element.focus();
      if (document.activeElement === element) return;
    }
  });
  const follow = useCallback(() => {
    following.current = true;
  }, []);
  return { follow, followRef };
}
