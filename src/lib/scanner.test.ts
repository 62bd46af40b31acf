// @vitest-environment jsdom
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PENDING_SCAN_MS, registerScanHandler } from './scanner';

const scan = (text: string) => {
  for (const key of [...text, 'Enter']) window.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true }));
};
const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('scanner service', () => {
  afterEach(() => vi.useRealTimers());

  it('Space and Enter on a focused control are a person’s (pressed, ticked, no scan) until a number is being keyed; Tab ends nothing', async () => {
    const scanned = vi.fn();
    const off = registerScanHandler(scanned);
    const pressed = vi.fn();
    document.body.innerHTML = '<button type="button">Void sale</button><input type="checkbox" aria-label="On" />';
    const button = document.querySelector('button') as HTMLButtonElement;
    const box = document.querySelector('input') as HTMLInputElement;
    button.addEventListener('click', pressed);
    const user = userEvent.setup();

    box.focus();
    await user.keyboard(' ');
    expect(box.checked).toBe(true);
    button.focus();
    await user.keyboard(' ');
    await user.keyboard('{Enter}');
    expect(pressed).toHaveBeenCalledTimes(2);
    expect(scanned).not.toHaveBeenCalled();

    // A number keyed with the button focused: its space and its Enter are the number's.
    await user.keyboard('7001 0000 0001{Enter}');
    expect(scanned).toHaveBeenCalledWith('7001 0000 0001');
    expect(pressed).toHaveBeenCalledTimes(2);

    // A scanner whose suffix is Tab, then Enter: still the number.
    await user.keyboard('700100000002{Tab}{Enter}');
    expect(scanned).toHaveBeenLastCalledWith('700100000002');
    off();
    document.body.innerHTML = '';
  });

  it('gives each scan to the latest screen that takes scans', async () => {
    const first = vi.fn();
    const second = vi.fn();
    const offFirst = registerScanHandler(first);
    const offSecond = registerScanHandler(second);
    scan('700100000001');
    expect([first.mock.calls, second.mock.calls]).toEqual([[], [['700100000001']]]);
    offSecond();
    offFirst();
  });

  it('keeps a scan read between two screens for the next one (its code still loading)', async () => {
    const off = registerScanHandler(() => undefined);
    off();
    scan('700100000007');
    const next = vi.fn();
    const offNext = registerScanHandler(next);
    await tick();
    expect(next).toHaveBeenCalledWith('700100000007');
    offNext();
  });

  it('where no screen takes scans, a scan’s Enter does not press the focused button (a till’s question: Decline)', async () => {
    registerScanHandler(() => undefined)(); // the service is installed; no screen takes scans now
    document.body.innerHTML = '<button type="button">Decline</button>';
    const button = document.querySelector('button') as HTMLButtonElement;
    const pressed = vi.fn();
    button.addEventListener('click', pressed);
    button.focus();
    await userEvent.setup().keyboard('700100000003{Enter}');
    expect(pressed).not.toHaveBeenCalled();
    // The card waits for the next screen that takes scans, as before.
    const next = vi.fn();
    const offNext = registerScanHandler(next);
    await tick();
    expect(next).toHaveBeenCalledWith('700100000003');
    offNext();
    // A stray key is no scan: its Enter is the button's, and nothing waits for the next screen.
    await userEvent.setup().keyboard('q{Enter}');
    expect(pressed).toHaveBeenCalledTimes(1);
    const later = vi.fn();
    const offLater = registerScanHandler(later);
    await tick();
    expect(later).not.toHaveBeenCalled();
    offLater();
    document.body.innerHTML = '';
  });

  it('in an amount field where no screen takes scans (issuing store credit), a scan is never the amount', async () => {
    registerScanHandler(() => undefined)(); // the service is installed; no screen takes scans now
    const form = document.createElement('form');
    const submitted = vi.fn((e: Event) => e.preventDefault());
    form.addEventListener('submit', submitted);
    const field = document.createElement('input');
    field.setAttribute('data-amount-field', '');
    form.append(field);
    document.body.append(form);
    field.value = '5';
    let enter: KeyboardEvent | null = null;
    for (const key of [...'720100000001', 'Enter']) {
      const event = new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true });
      field.dispatchEvent(event);
      if (key === 'Enter') enter = event;
      else field.value += key; // what the browser types
    }
    expect(field.value).toBe('5'); // what it held before the burst
    expect(enter?.defaultPrevented).toBe(true); // so its Enter submits nothing
    // The card waits for the next screen that takes scans, as any scan no screen took.
    const next = vi.fn();
    const off = registerScanHandler(next);
    await tick();
    expect(next).toHaveBeenCalledWith('720100000001');
    off();
    // An amount typed as fast (a till's preset key): no card's number, so it stays, and its Enter goes on.
    field.value = '';
    let amountEnter: KeyboardEvent | null = null;
    for (const key of [...'100.00', 'Enter']) {
      const event = new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true });
      field.dispatchEvent(event);
      if (key === 'Enter') amountEnter = event;
      else field.value += key;
    }
    expect(field.value).toBe('100.00');
    expect(amountEnter?.defaultPrevented).toBe(false);
    form.remove();
  });

  it('drops such a scan once it is too old to be meant for the next screen', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    scan('700100000002');
    vi.setSystemTime(Date.now() + PENDING_SCAN_MS + 1);
    const late = vi.fn();
    const off = registerScanHandler(late);
    await tick();
    expect(late).not.toHaveBeenCalled();
    off();
  });
});
