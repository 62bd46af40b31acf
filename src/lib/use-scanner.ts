import { useEffect, useRef } from 'react';

function isEditable(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  return target instanceof HTMLInputElement && !['button', 'checkbox', 'radio', 'submit', 'reset'].includes(target.type);
}

/**
 * Keyboard-wedge input (barcode scanner, stripe reader) anywhere on the screen: characters typed
 * while no text field has focus are collected and handed over on Enter. No timing heuristics, so
 * no keystroke is dropped however fast the scanner types.
 */
export function useScanner(onScan: (text: string) => void, enabled = true): void {
  const buffer = useRef('');
  const callback = useRef(onScan);
  useEffect(() => {
    callback.current = onScan;
  });

  useEffect(() => {
    if (!enabled) return undefined;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey || isEditable(event.target)) {
        buffer.current = '';
        return;
      }
      if (event.key === 'Enter') {
        const text = buffer.current;
        buffer.current = '';
        if (text.length > 0) {
          event.preventDefault();
          callback.current(text);
        }
      } else if (event.key === 'Escape') {
        buffer.current = '';
      } else if (event.key.length === 1) {
        buffer.current += event.key;
        if (event.key === ' ') event.preventDefault(); // a space must not press a focused button
      }
    };
    window.addEventListener('keydown', onKeyDown, true);
    return () => window.removeEventListener('keydown', onKeyDown, true);
  }, [enabled]);
}
