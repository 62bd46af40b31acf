// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PrintArea } from './print';
import { printSlip } from './print-slip';
import { usePrinterStore } from './printer-store';
import type { SlipDoc } from './slip-doc';

const doc: SlipDoc = {
  name: 'Receipt',
  title: 'Receipt',
  header: ['Store 12'],
  barcode: { value: 'S0123456789AB', label: 'Receipt S0123456789AB', text: 'S0123456789AB' },
  rows: [{ label: 'Total', value: '€30.00' }],
};

const answer = (success: boolean, code = '', status = 0) =>
  new Response(
    `<?xml version="1.0" encoding="utf-8"?><s:Envelope xmlns:s="http://schemas.xmlsoap.org/soap/envelope/"><s:Body>` +
      `<response success="${success}" code="${code}" status="${status}" xmlns="http://www.epson-pos.com/schemas/2011/03/epos-print"/>` +
      `</s:Body></s:Envelope>`,
    { status: 200, headers: { 'Content-Type': 'text/xml' } },
  );

const print = vi.fn();

describe('a slip on the network printer', () => {
  beforeEach(() => {
    window.print = print;
    usePrinterStore.setState({
      kind: 'network',
      paper: 58,
      device: null,
      network: { address: 'http://192.168.1.50', timeoutSeconds: 3 },
    });
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    print.mockReset();
    usePrinterStore.setState({ kind: 'browser', network: null });
  });

  it('is sent as ePOS-Print XML, and "printer" is said only when the printer answered success', async () => {
    const fetch = vi.fn(async () => answer(true, '', 2));
    vi.stubGlobal('fetch', fetch);
    render(<PrintArea />);
    await expect(act(() => printSlip(<p>slip</p>, doc))).resolves.toBe('printer');
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('http://192.168.1.50/cgi-bin/epos/service.cgi?devid=local_printer&timeout=3000');
    expect(init.body).toContain('S0123456789AB');
    expect(await screen.findByRole('status')).toHaveProperty('textContent', '✓ Printed on the receipt printer.');
    expect(print).not.toHaveBeenCalled();
  });

  it('a roll nearly empty is printed all the same, with a quiet word', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => answer(true, '', 0x2 | 0x20000)),
    );
    render(<PrintArea />);
    await expect(act(() => printSlip(<p>slip</p>, doc))).resolves.toBe('printer');
    expect((await screen.findByRole('status')).textContent).toContain('The paper roll is nearly empty');
  });

  it.each([
    ['EPTR_COVER_OPEN', "The receipt printer's cover is open: close it."],
    ['EPTR_REC_EMPTY', 'The receipt printer is out of paper: put in a new roll.'],
    ['EX_DEVICE_BUSY', 'The receipt printer is busy with another job: try again in a moment.'],
  ])('refused with %s: the words for it, and the print dialog', async (code, words) => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => answer(false, code, 0)),
    );
    render(<PrintArea />);
    await expect(act(() => printSlip(<p>slip</p>, doc))).resolves.toBe('dialog');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(words);
    expect(alert.textContent).toContain("The slip went to the browser's print dialog instead.");
    await vi.waitFor(() => expect(print).toHaveBeenCalledOnce());
  });

  it('a printer that cannot be reached is "did not answer", and the print dialog', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    render(<PrintArea />);
    await expect(act(() => printSlip(<p>slip</p>, doc))).resolves.toBe('dialog');
    expect((await screen.findByRole('alert')).textContent).toContain('The receipt printer did not answer');
  });

  it('chosen with no address saved: the print dialog, and why', async () => {
    usePrinterStore.setState({ network: null });
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    render(<PrintArea />);
    await expect(act(() => printSlip(<p>slip</p>, doc))).resolves.toBe('dialog');
    expect((await screen.findByRole('alert')).textContent).toContain('No network printer address is saved');
    expect(fetch).not.toHaveBeenCalled();
  });

  it('one slip at a time: the next is sent once the printer answered the last', async () => {
    let answerFirst: (r: Response) => void = () => undefined;
    const fetch = vi
      .fn()
      .mockImplementationOnce(() => new Promise<Response>((resolve) => (answerFirst = resolve)))
      .mockImplementation(async () => answer(true));
    vi.stubGlobal('fetch', fetch);
    const first = printSlip(<p>one</p>, doc);
    const second = printSlip(<p>two</p>, doc);
    await vi.waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
    await new Promise((r) => setTimeout(r, 20));
    expect(fetch).toHaveBeenCalledTimes(1);
    answerFirst(answer(true));
    await expect(first).resolves.toBe('printer');
    await expect(second).resolves.toBe('printer');
    expect(fetch).toHaveBeenCalledTimes(2);
  });
});
