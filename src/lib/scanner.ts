import { useEffect, useRef } from 'react';
import { parseInstrumentNumber } from '@/domain/instrument';

/**
 * The one app-wide scanner service (a barcode scanner or stripe reader typing like a keyboard).
 * Screens register a handler; the latest registered gets each scan. Two ways a scan is told apart:
 *
 * - Focus on no text field: every key is collected and handed over on Enter. No timing, so no
 *   keystroke of a fast scanner is lost and a slow typist is treated the same. A space before any
 *   other key is a person's, for the focused control (a button pressed, a box ticked).
 * - Focus in an amount field (`data-amount-field`): a scan types into it. The keys just before an
 *   Enter are a card when there are at least MIN_BURST of them and they came, Enter included, at
 *   no more than AVERAGE_GAP_MS a key on average with no pause over MAX_GAP_MS (a busy page may
 *   hold up one key; a person cannot type 6 keys at 35 ms each). The field gets back what it held
 *   before the burst, its Enter submits nothing, and the number goes to the handler (or waits for
 *   the next screen's, as any scan no screen takes). A typist's keys are never taken for a scan.
 */
const AVERAGE_GAP_MS = 35;
const MAX_GAP_MS = 300;
const MIN_BURST = 6;

type Handler = (text: string) => void;

const handlers: { handler: Handler }[] = [];
/** Told when a screen starts or stops taking scans (the camera button shows only while one does). */
const watchers = new Set<() => void>();
const changed = () => watchers.forEach((watch) => watch());
let buffer = '';
/** The keys typed into one amount field since its last pause, each with the field's text before it. */
let keys: { field: HTMLInputElement; key: string; at: number; before: string }[] = [];
let installed = false;

function isEditable(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  return (
    target instanceof HTMLInputElement && !['button', 'checkbox', 'radio', 'submit', 'reset'].includes(target.type)
  );
}

const isAmountField = (target: EventTarget | null): target is HTMLInputElement =>
  target instanceof HTMLInputElement && target.hasAttribute('data-amount-field');

/** Gives a field its earlier text the way typing would, so the form library sees it. */
function restore(field: HTMLInputElement, value: string) {
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(field, value);
  field.dispatchEvent(new Event('input', { bubbles: true }));
}

/**
 * A scan read while no screen takes scans (one screen giving way to the next, its code and texts
 * still loading) waits this long for the next screen's handler, so a card scanned at once is not
 * lost: 10 s covers a cheap tablet fetching the open sale's chunk on a slow network (3 s did not,
 * on a busy machine). A scan older than that is not a card the cashier still means.
 */
export const PENDING_SCAN_MS = 10_000;
let pending: { text: string; at: number } | null = null;

function deliver(text: string) {
  const current = handlers.at(-1);
  if (current) current.handler(text);
  else pending = { text, at: Date.now() };
}

/** The longest run of keys ending now that a scanner, not a person, typed; null when there is none. */
function scannedRun(now: number): typeof keys | null {
  for (let i = 0; i + MIN_BURST <= keys.length; i += 1) {
    const run = keys.slice(i);
    const first = run[0];
    if (!first || (now - first.at) / run.length > AVERAGE_GAP_MS) continue;
    return run;
  }
  return null;
}

function onAmountKey(event: KeyboardEvent, field: HTMLInputElement) {
  const now = event.timeStamp;
  const last = keys.at(-1);
  if (last && (last.field !== field || now - last.at > MAX_GAP_MS)) keys = [];
  if (event.key === 'Enter') {
    const run = scannedRun(now);
    keys = [];
    if (!run) return;
    const text = run.map((k) => k.key).join('');
    // A scan is never an amount, even where no screen takes scans (issuing store credit): its digits
    // and its Enter would submit a card's number as the amount (720100000001 as 7,201,000,000.01).
    // There, only what reads as a card's number is taken: "100.00" typed by a till's preset key is
    // an amount, and stays one.
    if (handlers.length === 0 && !parseInstrumentNumber(text).ok) return;
    event.preventDefault();
    event.stopPropagation();
    restore(field, run[0]?.before ?? field.value);
    deliver(text);
    return;
  }
  if (event.key.length !== 1) {
    if (event.key !== 'Shift') keys = [];
    return;
  }
  keys.push({ field, key: event.key, at: now, before: field.value });
}

/** Installed once and kept: keys typed while one screen gives way to the next are not lost. */
function onKeyDown(event: KeyboardEvent) {
  if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) {
    buffer = '';
    keys = [];
    return;
  }
  if (isAmountField(event.target)) {
    buffer = '';
    onAmountKey(event, event.target);
    return;
  }
  keys = [];
  if (isEditable(event.target)) {
    buffer = '';
    return;
  }
  if (event.key === 'Enter') {
    const text = buffer;
    buffer = '';
    // Where no screen takes scans, only what reads as a card's number is one (a stray key is not,
    // and its Enter stays the focused button's). A number's Enter is never the focused button's (a
    // till's Decline, a Close day), whether a screen takes it now or the next one will.
    if (text.length > 0 && (handlers.length > 0 || parseInstrumentNumber(text).ok)) {
      event.preventDefault();
      deliver(text);
    }
  } else if (event.key === 'Escape') {
    buffer = '';
  } else if (event.key === ' ' && buffer === '') {
    // Nobody is keying a number: the space is the focused control's (a button pressed, a box ticked).
  } else if (event.key.length === 1) {
    buffer += event.key;
    if (event.key === ' ') event.preventDefault(); // within a number, a space must not press a focused button
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
  changed();
  const waiting = pending;
  pending = null;
  if (waiting && Date.now() - waiting.at <= PENDING_SCAN_MS)
    queueMicrotask(() => handlers.at(-1)?.handler(waiting.text));
  return () => {
    const at = handlers.indexOf(entry);
    if (at >= 0) handlers.splice(at, 1);
    changed();
  };
}

/** A number read by the camera: it goes where a hardware scanner's would (the screen taking scans). */
export function cameraScanned(text: string): void {
  deliver(text);
}

/** Whether a screen takes scans now; `watch` is told when that changes. */
export function scanTargetPresent(): boolean {
  return handlers.length > 0;
}

export function watchScanTargets(watch: () => void): () => void {
  watchers.add(watch);
  return () => watchers.delete(watch);
}

/** A screen takes scans from the app-wide scanner service (src/lib/scanner.ts) while it is shown. */
export function useScanner(onScan: (text: string) => void, enabled = true): void {
  const callback = useRef(onScan);
  useEffect(() => {
    callback.current = onScan;
  });
  useEffect(() => (enabled ? registerScanHandler((text) => callback.current(text)) : undefined), [enabled]);
}
