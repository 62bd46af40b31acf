// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from 'vitest';

describe('the receipt printer setting, kept in this browser', () => {
  beforeEach(() => {
    localStorage.clear();
    vi.resetModules();
  });

  it('a version 1 setting (USB and serial only) is read with no network printer', async () => {
    const device = { type: 'serial', vendorId: 0x04b8, productId: 0x0202 };
    localStorage.setItem(
      'loyalty-terminal.printer',
      JSON.stringify({ state: { kind: 'serial', paper: 58, device }, version: 1 }),
    );
    const { usePrinterStore } = await import('./printer-store');
    expect(usePrinterStore.getState()).toMatchObject({ kind: 'serial', paper: 58, device, network: null });
  });

  it('the network printer is kept while another kind is chosen, and saved as version 2', async () => {
    const { printerActions, usePrinterStore } = await import('./printer-store');
    printerActions.networkPrinterSaved({ address: 'http://192.168.1.50', timeoutSeconds: 10 });
    printerActions.kindChosen('network');
    printerActions.kindChosen('browser');
    expect(usePrinterStore.getState().network).toEqual({ address: 'http://192.168.1.50', timeoutSeconds: 10 });
    const stored = JSON.parse(localStorage.getItem('loyalty-terminal.printer') ?? '{}');
    expect(stored).toMatchObject({
      version: 2,
      state: { kind: 'browser', network: { address: 'http://192.168.1.50' } },
    });
  });
});
