/**
 * The one app-wide scanner service (a barcode scanner or stripe reader typing like a keyboard).
 * Screens register a handler; the latest registered gets each scan. Two ways a scan is told apart:
 *
 * - Focus on no text field: every key is collected and handed over on Enter. No timing, so no
 *   keystroke of a fast scanner is lost and a slow typist is treated the same.
 * - Focus in an amount field (`data-amount-field`): a scan types into it. A burst of at least
 *   MIN_BURST characters, each within BURST_GAP_MS of the one before, ending in Enter just as
 *   fast, is a card: the field gets back what it held before the burst, and the number goes to the
 *   handler. A person never types that fast, so a typist's keys are never taken for a scan.
 */
export const BURST_GAP_MS = 50;
export const MIN_BURST = 6;

type Handler = (text: string) => void;

const handlers: { handler: Handler }[] = [];
let buffer = '';
let burst: { field: HTMLInputElement; before: string; chars: string; lastAt: number } | null = null;
let installed = false;

function isEditable(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  return target instanceof HTMLInputElement && !['button', 'checkbox', 'radio', 'submit', 'reset'].includes(target.type);
}

const isAmountField = (target: EventTarget | null): target is HTMLInputElement => target instanceof HTMLInputElement && target.hasAttribute('data-amount-field');

/** Gives a field its earlier text the way typing would, so the form library sees it. */
function restore(field: HTMLInputElement, value: string) {
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(field, value);
  field.dispatchEvent(new Event('input', { bubbles: true }));
}

function deliver(text: string) {
  handlers.at(-1)?.handler(text);
}

function onAmountKey(event: KeyboardEvent, field: HTMLInputElement) {
  const now = event.timeStamp;
  const fast = burst !== null && burst.field === field && now - burst.lastAt <= BURST_GAP_MS;
  if (event.key === 'Enter') {
    if (fast && burst && burst.chars.length >= MIN_BURST && handlers.length > 0) {
      event.preventDefault();
      event.stopPropagation();
      const { chars, before } = burst;
      burst = null;
      restore(field, before);
      deliver(chars);
      return;
    }
    burst = null;
    return;
  }
  if (event.key.length !== 1) {
    if (event.key !== 'Shift') burst = null;
    return;
  }
  if (fast && burst) {
    burst.chars += event.key;
    burst.lastAt = now;
  } else {
    burst = { field, before: field.value, chars: event.key, lastAt: now };
  }
}

function onKeyDown(event: KeyboardEvent) {
  if (handlers.length === 0) return;
  if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) {
    buffer = '';
    burst = null;
    return;
  }
  if (isAmountField(event.target)) {
    buffer = '';
    onAmountKey(event, event.target);
    return;
  }
  burst = null;
  if (isEditable(event.target)) {
    buffer = '';
    return;
  }
  if (event.key === 'Enter') {
    const text = buffer;
    buffer = '';
    if (text.length > 0) {
      event.preventDefault();
      deliver(text);
    }
  } else if (event.key === 'Escape') {
    buffer = '';
  } else if (event.key.length === 1) {
    buffer += event.key;
    if (event.key === ' ') event.preventDefault(); // a space must not press a focused button
  }
}

/** Registers a screen's handler; returns the call that removes it. */
export function registerScanHandler(handler: Handler): () => void {
  if (!installed && typeof window !== 'undefined') {
    window.addEventListener('keydown', onKeyDown, true);
    installed = true;
  }
  const entry = { handler };
  handlers.push(entry);
  buffer = '';
  return () => {
    const at = handlers.indexOf(entry);
    if (at >= 0) handlers.splice(at, 1);
  };
}
