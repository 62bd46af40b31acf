// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PrintArea } from './print';
import { printSlip } from './print-slip';
import { usePrinterStore } from './printer-store';
import type { SlipDoc } from './slip-doc';

// The printers' code as after a deploy that removed the chunks this page was built with.
const { chunkGone } = vi.hoisted(() => ({
  chunkGone: () => {
    throw new TypeError('Failed to fetch dynamically imported module: /assets/printer-0ld.js');
  },
}));
vi.mock('./network-printer', chunkGone);
vi.mock('./escpos', chunkGone);

const doc: SlipDoc = {
  name: 'Receipt',
  title: 'Receipt',
  header: ['Store 12'],
  rows: [{ label: 'Total', value: '€30.00' }],
};
const print = vi.fn();
const words = 'Printing could not load (a new version, or no network)';

describe("a printer whose code no longer loads (the terminal's chunk gone)", () => {
  beforeEach(() => {
    window.print = print;
  });
  afterEach(() => {
    cleanup();
    print.mockReset();
    usePrinterStore.setState({ kind: 'browser', device: null, network: null });
  });

  it('network: the slip goes to the print dialog, and the cashier is told why, not left with nothing', async () => {
    usePrinterStore.setState({ kind: 'network', network: { address: 'http://192.168.1.50', timeoutSeconds: 3 } });
    render(<PrintArea />);
    await expect(act(() => printSlip(<p>slip</p>, doc))).resolves.toBe('dialog');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(words);
    expect(alert.textContent).toContain("the slip went to the browser's print dialog");
    await vi.waitFor(() => expect(print).toHaveBeenCalledOnce());
  });

  it('USB: said as code not loaded, not as a printer that did not answer', async () => {
    usePrinterStore.setState({ kind: 'usb', device: { type: 'usb', vendorId: 1208, productId: 3605 } });
    render(<PrintArea />);
    await expect(act(() => printSlip(<p>slip</p>, doc))).resolves.toBe('dialog');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(words);
    expect(alert.textContent).not.toContain('did not answer');
  });
});
