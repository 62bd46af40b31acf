import { useCallback, useRef } from 'react';

/**
 * A form that comes back after its outcome's "Next" (the next sale of a card, the next return): its
 * first field takes the focus the Next button had, as it appears. `arm()` from Next; `ref` on that
 * field. Only then: a form shown for the first time leaves the focus where it is.
 */
export function useFocusWhenBack() {
  const armed = useRef(false);
  const arm = useCallback(() => {
    armed.current = true;
  }, []);
  const ref = useCallback((element: HTMLElement | null) => {
    if (!element || !armed.current) return;
    armed.current = false;
    element.focus();
  }, []);
  return { arm, ref };
}
