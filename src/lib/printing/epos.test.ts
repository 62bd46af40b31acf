// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  ANSWER_MARGIN_MS,
  eposXml,
  parseEposResponse,
  parsePrinterAddress,
  sendToEposPrinter,
  xmlText,
  type EposFailure,
} from './epos';
import type { SlipDoc } from './slip-doc';
import { PAPER_COLUMNS } from './slip-layout';

const SOAP_NS = 'http://schemas.xmlsoap.org/soap/envelope/';
const EPOS_NS = 'http://www.epson-pos.com/schemas/2011/03/epos-print';

/** What the printer reads: each element of <epos-print> with its attributes and its text. */
interface Command {
  tag: string;
  attrs: Record<string, string>;
  text: string;
}

function commands(xml: string): Command[] {
  const doc = new DOMParser().parseFromString(xml, 'application/xml');
  expect(doc.getElementsByTagName('parsererror')).toHaveLength(0);
  const envelope = doc.documentElement;
  expect([envelope.namespaceURI, envelope.localName]).toEqual([SOAP_NS, 'Envelope']);
  const body = envelope.firstElementChild!;
  expect([body.namespaceURI, body.localName, envelope.children.length]).toEqual([SOAP_NS, 'Body', 1]);
  const print = body.firstElementChild!;
  expect([print.namespaceURI, print.localName, body.children.length]).toEqual([EPOS_NS, 'epos-print', 1]);
  return Array.from(print.children, (el) => {
    expect(el.namespaceURI).toBe(EPOS_NS);
    return {
      tag: el.localName,
      attrs: Object.fromEntries(Array.from(el.attributes, (a) => [a.name, a.value])),
      text: el.textContent ?? '',
    };
  });
}

/** The printed lines (text elements with content), each with its style. */
const lines = (cmds: Command[]) => cmds.filter((c) => c.tag === 'text' && c.text !== '');

const style = (align: string, em: boolean, double = false) => ({
  align,
  em: String(em),
  dw: String(double),
  dh: String(double),
});

const issueSlip: SlipDoc = {
  name: 'Issue slip',
  training: 'TRAINING CARD — NOT VALID',
  title: 'Geschenkkarte',
  subtitle: 'Geschenkkarte 25 €',
  header: [],
  number: '7001 0000 0003',
  barcode: { value: '700100000003', label: 'Barcode' },
  rows: [
    { label: 'Betrag', value: '25,00 €' },
    { label: 'Gültig bis', value: '23.11.2029' },
    { label: 'Straße', value: 'Groß' },
  ],
};

const saleSlip: SlipDoc = {
  name: 'Receipt',
  title: 'Payment',
  header: ['Store 12 · till 3', '25/11/2026, 10:04:00'],
  rows: [
    { label: 'Loyalty card •••• 0001 with a very long description', value: '€15.00 · Approved' },
    { label: 'Amount', value: '€15.00' },
  ],
  barcode: { value: 'S0123456789AB', label: 'Receipt S0123456789AB', text: 'S0123456789AB' },
};

describe('ePOS-Print XML for a slip (parsed as the printer reads it)', () => {
  it('is the SOAP envelope Epson documents, in UTF-8', () => {
    const xml = eposXml(issueSlip, { paper: 80 });
    expect(xml.startsWith(`<?xml version="1.0" encoding="utf-8"?><s:Envelope xmlns:s="${SOAP_NS}"><s:Body>`)).toBe(
      true,
    );
    expect(xml).toContain(`<epos-print xmlns="${EPOS_NS}">`);
    expect(xml.endsWith('</epos-print></s:Body></s:Envelope>')).toBe(true);
    // Line breaks as character references, as Epson's SDK writes them.
    expect(xml).toContain('Geschenkkarte&#10;</text>');
  });

  it('an issue slip: TRAINING, title and subtitle centred, the number double size, a Code 128 barcode, the rows, a cut', () => {
    const cmds = commands(eposXml(issueSlip, { paper: 80 }));
    const pad = (label: string, value: string) => `${label}${' '.repeat(48 - label.length - value.length)}${value}`;
    expect(cmds).toEqual([
      { tag: 'text', attrs: { lang: 'en' }, text: '' },
      { tag: 'text', attrs: style('center', true), text: 'TRAINING CARD - NOT VALID\n' },
      { tag: 'text', attrs: style('center', true), text: 'Geschenkkarte\n' },
      { tag: 'text', attrs: style('center', false), text: 'Geschenkkarte 25 €\n' },
      { tag: 'text', attrs: style('center', false, true), text: '7001 0000 0003\n' },
      { tag: 'text', attrs: { align: 'center' }, text: '' },
      // The number is printed large above it: no digits under the bars.
      { tag: 'barcode', attrs: { type: 'code128', hri: 'none', width: '3', height: '64' }, text: '{B700100000003' },
      { tag: 'text', attrs: style('left', false), text: `${pad('Betrag', '25,00 €')}\n` },
      { tag: 'text', attrs: style('left', false), text: `${pad('Gültig bis', '23.11.2029')}\n` },
      { tag: 'text', attrs: style('left', false), text: `${pad('Straße', 'Groß')}\n` },
      { tag: 'text', attrs: style('center', true), text: 'TRAINING CARD - NOT VALID\n' },
      { tag: 'feed', attrs: { line: '1' }, text: '' },
      { tag: 'cut', attrs: { type: 'feed' }, text: '' },
    ]);
  });

  it('a sale slip on 58 mm: header centred, a long label wrapped with its value right-aligned, the reference barcode with its digits', () => {
    const cmds = commands(eposXml(saleSlip, { paper: 58 }));
    expect(lines(cmds).map((c) => [c.attrs.align, c.text])).toEqual([
      ['center', 'Payment\n'],
      ['center', 'Store 12 · till 3\n'],
      ['center', '25/11/2026, 10:04:00\n'],
      // The reference in characters under its barcode: the same line ESC/POS prints, not the printer's HRI.
      ['center', 'S0123456789AB\n'],
      ['left', 'Loyalty card **** 0001 with a\n'],
      ['left', 'very long description\n'],
      ['right', '€15.00 · Approved\n'],
      ['left', `Amount${' '.repeat(32 - 'Amount'.length - '€15.00'.length)}€15.00\n`],
    ]);
    expect(cmds.filter((c) => c.tag === 'barcode')).toEqual([
      { tag: 'barcode', attrs: { type: 'code128', hri: 'none', width: '2', height: '64' }, text: '{BS0123456789AB' },
    ]);
    expect(cmds.at(-1)).toEqual({ tag: 'cut', attrs: { type: 'feed' }, text: '' });
    expect(cmds.some((c) => c.attrs.em === 'true' && c.text.startsWith('TRAINING'))).toBe(false);
  });

  it('lines fit the paper: 48 characters on 80 mm, 32 on 58 mm, half that in double size', () => {
    const long: SlipDoc = {
      ...issueSlip,
      title: 'T'.repeat(80),
      number: '1234 5678 9012 3456 7890 1234',
      rows: [{ label: 'L '.repeat(40), value: 'V'.repeat(70) }],
    };
    for (const paper of [80, 58] as const) {
      const printed = lines(commands(eposXml(long, { paper })));
      for (const line of printed)
        expect(line.text.length - 1).toBeLessThanOrEqual(PAPER_COLUMNS[paper] / (line.attrs.dw === 'true' ? 2 : 1));
    }
  });

  it("a card holder's name cannot add a command, break the XML or print control characters", () => {
    const hostile = `</text><cut/><text>&amp; "Bob" 'O'N' <b>\u0000\u001b@\u001dV\u0007\ufffe\ud800\u0085\nnext`;
    const doc: SlipDoc = { name: 'x', title: 'Balance', header: [], rows: [{ label: 'Name', value: hostile }] };
    const xml = eposXml(doc, { paper: 80 });
    expect(xml.split('<cut').length).toBe(2);
    const cmds = commands(xml);
    expect(cmds.map((c) => c.tag)).toEqual(['text', 'text', 'text', 'text', 'feed', 'cut']);
    // Too long to share its line: the label, then the value right-aligned, exactly as typed less what cannot print.
    expect(lines(cmds).map((c) => [c.attrs.align, c.text])).toEqual([
      ['center', 'Balance\n'],
      ['left', 'Name\n'],
      ['right', `</text><cut/><text>&amp; "Bob" 'O'N' <b>@V next\n`],
    ]);
    // Nothing XML cannot carry, nothing a printer would take for a command.
    // eslint-disable-next-line no-control-regex -- looking for control characters is the point
    expect(xml).not.toMatch(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\ufffe\ud800-\udfff]/);
  });

  it('XML escaping itself drops what XML 1.0 cannot carry, even past the layout', () => {
    expect(xmlText(`a<b>&"c"'d'\t\n\r\u0000\u001b\ufffe\ud800e\u{1f600}`)).toBe(
      'a&lt;b&gt;&amp;&quot;c&quot;&apos;d&apos;&#9;&#10;&#13;e\u{1f600}',
    );
  });

  it('barcode data: a "{" doubled, a backslash escaped; data Code 128 cannot carry is not printed as a barcode', () => {
    const barcodes = (value: string) =>
      commands(eposXml({ ...saleSlip, barcode: { value, label: '' } }, { paper: 80 })).filter(
        (c) => c.tag === 'barcode',
      );
    expect(barcodes('A{1}\\2')[0]!.text).toBe('{BA{{1}\\\\2');
    expect(barcodes('7001<&>')[0]!.text).toBe('{B7001<&>');
    expect(barcodes('7001€')).toEqual([]);
    expect(barcodes('7001\u0000')).toEqual([]);
  });

  it('umlauts, ß and € are written as they are (UTF-8), not as look-alikes', () => {
    const xml = eposXml(issueSlip, { paper: 80 });
    expect(xml).toContain('Gültig bis');
    expect(xml).toContain('Straße');
    expect(xml).toContain('25,00 €');
  });
});

const envelope = (response: string) =>
  `<?xml version="1.0" encoding="utf-8"?><s:Envelope xmlns:s="${SOAP_NS}"><s:Body>${response}</s:Body></s:Envelope>`;
const answer = (success: string, code: string, status: number) =>
  envelope(`<response success="${success}" code="${code}" status="${status}" battery="0" xmlns="${EPOS_NS}"/>`);

describe("the printer's answer", () => {
  it('success="true" is printed; the roll near its end is said, and still printed', () => {
    expect(parseEposResponse(answer('true', '', 2))).toEqual({ ok: true, paperNearEnd: false });
    expect(parseEposResponse(answer('true', '', 2 | 0x20000))).toEqual({ ok: true, paperNearEnd: true });
    // A spooler-stopped bit above 2^31 does not upset the bit test.
    expect(parseEposResponse(answer('true', '', 0x80000002 + 0x20000))).toEqual({ ok: true, paperNearEnd: true });
  });

  const codes: [string, number, EposFailure][] = [
    ['EPTR_COVER_OPEN', 0x28, 'coverOpen'],
    ['EPTR_REC_EMPTY', 0x80008, 'paperOut'],
    ['EPTR_CUTTER', 0x808, 'fault'],
    ['EPTR_MECHANICAL', 0x408, 'fault'],
    ['EPTR_UNRECOVERABLE', 0x2008, 'fault'],
    ['EPTR_AUTOMATICAL', 0x4008, 'fault'],
    ['DeviceNotFound', 0, 'deviceNotFound'],
    ['EX_TIMEOUT', 0, 'timeout'],
    ['EX_BADPORT', 0, 'offline'],
    ['EX_DEVICE_BUSY', 0, 'busy'],
    ['EX_ENPC_TIMEOUT', 0, 'busy'],
    ['EX_SPOOLER', 0, 'busy'],
    ['Printing', 0, 'busy'],
    ['TooManyRequests', 0, 'busy'],
    ['SchemaError', 0, 'other'],
    ['PrintSystemError', 0, 'other'],
    ['ParameterError', 0, 'other'],
    ['EPTR_BATTERY_LOW', 0, 'other'],
    ['RequestEntityTooLarge', 0, 'other'],
    ['SomethingNew', 0, 'other'],
  ];
  it.each(codes)('code %s is %s', (code, status, reason) => {
    expect(parseEposResponse(answer('false', code, status))).toEqual({ ok: false, reason, code });
  });

  it('a code that says only "not printed" is explained by the status bits when they know why', () => {
    // A cover opened mid-slip is an automatically recoverable error; the paper ran out before the timeout.
    expect(parseEposResponse(answer('false', 'EPTR_AUTOMATICAL', 0x4000 | 0x20 | 0x8))).toMatchObject({
      reason: 'coverOpen',
    });
    expect(parseEposResponse(answer('false', 'EX_TIMEOUT', 0x80000 | 0x8))).toMatchObject({ reason: 'paperOut' });
    expect(parseEposResponse(answer('false', 'EX_TIMEOUT', 0x1))).toMatchObject({ reason: 'offline' });
    expect(parseEposResponse(answer('false', '', 0x8))).toEqual({ ok: false, reason: 'offline' });
    expect(parseEposResponse(answer('false', '', 0))).toEqual({ ok: false, reason: 'other' });
    // A specific code is not overruled: a schema error with the cover open is still our error.
    expect(parseEposResponse(answer('false', 'SchemaError', 0x20))).toMatchObject({ reason: 'other' });
  });

  it('never printed unless success="true"', () => {
    for (const success of ['false', 'TRUE', 'yes', '', '1'])
      expect(parseEposResponse(answer(success, '', 2))).toMatchObject({ ok: false });
    expect(parseEposResponse(envelope(`<response code="" status="2" xmlns="${EPOS_NS}"/>`))).toMatchObject({
      ok: false,
    });
  });

  it('an answer that is not XML, or has no <response>, is other', () => {
    expect(parseEposResponse('')).toEqual({ ok: false, reason: 'other', code: 'NotXml' });
    expect(parseEposResponse('<html><body>Login</body>')).toEqual({ ok: false, reason: 'other', code: 'NotXml' });
    expect(parseEposResponse('success="true"')).toEqual({ ok: false, reason: 'other', code: 'NotXml' });
    expect(parseEposResponse(envelope('<fault/>'))).toEqual({ ok: false, reason: 'other', code: 'NoResponse' });
    expect(parseEposResponse('<html><body><p>response</p></body></html>')).toEqual({
      ok: false,
      reason: 'other',
      code: 'NoResponse',
    });
  });
});

describe("the printer's address", () => {
  it.each([
    ['http://192.168.1.50', 'http://192.168.1.50'],
    ['https://printer.local', 'https://printer.local'],
    ['  HTTPS://Printer.Local/  ', 'https://printer.local'],
    ['https://printer.local:8443', 'https://printer.local:8443'],
    ['http://192.168.1.50:80', 'http://192.168.1.50'],
    ['http://[fd00::50]', 'http://[fd00::50]'],
  ])('%s is %s', (input, origin) => {
    expect(parsePrinterAddress(input)).toEqual({ ok: true, origin });
  });

  it.each([
    ['192.168.1.50', 'notUrl'],
    ['', 'notUrl'],
    ['http://', 'notUrl'],
    ['ftp://192.168.1.50', 'scheme'],
    ['javascript:alert(1)', 'scheme'],
    ['file:///etc/passwd', 'scheme'],
    ['http://admin:secret@192.168.1.50', 'credentials'],
    ['http://user@printer.local', 'credentials'],
    ['http://@printer.local', 'credentials'],
    ['http://printer.local/cgi-bin/epos/service.cgi', 'path'],
    ['http://printer.local/x', 'path'],
    ['http://printer.local?devid=x', 'path'],
    ['http://printer.local/?', 'path'],
    ['http://printer.local#x', 'path'],
    ['http://printer.local\\x', 'path'],
    ['http:printer.local', 'path'],
  ])('%s is refused (%s)', (input, problem) => {
    expect(parsePrinterAddress(input)).toEqual({ ok: false, problem });
  });
});

describe('sending to the printer', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  const xml = eposXml(issueSlip, { paper: 80 });

  /** A fetch that answers with the given status and body, and keeps what it was asked. */
  function fakeFetch(status: number, body: string) {
    return vi.fn(
      async (_url: string | URL | Request, _init?: RequestInit) =>
        ({ ok: status >= 200 && status < 300, status, text: async () => body }) as Response,
    );
  }

  it('POSTs the XML to the service with the headers Epson documents, and reads a success', async () => {
    const fetch = fakeFetch(200, answer('true', '', 2));
    await expect(sendToEposPrinter('http://192.168.1.50', xml, { timeoutMs: 10_000, fetch })).resolves.toEqual({
      ok: true,
      paperNearEnd: false,
    });
    expect(fetch).toHaveBeenCalledTimes(1);
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe('http://192.168.1.50/cgi-bin/epos/service.cgi?devid=local_printer&timeout=10000');
    expect(init).toMatchObject({
      method: 'POST',
      headers: {
        'Content-Type': 'text/xml; charset=utf-8',
        SOAPAction: '""',
        'If-Modified-Since': 'Thu, 01 Jan 1970 00:00:00 GMT',
      },
      body: xml,
      credentials: 'omit',
      redirect: 'error',
    });
    expect(Object.keys(init!.headers as object)).toHaveLength(3);
    expect(init!.signal).toBeInstanceOf(AbortSignal);
  });

  it("a printer's failure code is its reason", async () => {
    const fetch = fakeFetch(200, answer('false', 'EPTR_COVER_OPEN', 0x28));
    await expect(sendToEposPrinter('https://printer.local', xml, { timeoutMs: 5_000, fetch })).resolves.toEqual({
      ok: false,
      reason: 'coverOpen',
      code: 'EPTR_COVER_OPEN',
    });
    expect(fetch.mock.calls[0]![0]).toBe(
      'https://printer.local/cgi-bin/epos/service.cgi?devid=local_printer&timeout=5000',
    );
  });

  it('no answer: given up after the print timeout and a margin, and said as offline', async () => {
    vi.useFakeTimers();
    let signal: AbortSignal | undefined;
    const fetch = vi.fn(
      (_url: string | URL | Request, init?: RequestInit) =>
        new Promise<Response>((_resolve, reject) => {
          signal = init!.signal!;
          signal.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    let settled: unknown;
    const sending = sendToEposPrinter('http://192.168.1.50', xml, { timeoutMs: 10_000, fetch }).then(
      (r) => (settled = r),
    );
    await vi.advanceTimersByTimeAsync(10_000 + ANSWER_MARGIN_MS - 1);
    expect(settled).toBeUndefined();
    expect(signal!.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await sending;
    expect(signal!.aborted).toBe(true);
    expect(settled).toEqual({ ok: false, reason: 'offline' });
  });

  it('a network error (printer off, certificate not trusted, mixed content, CORS refused) is offline', async () => {
    const fetch = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    await expect(sendToEposPrinter('http://192.168.1.50', xml, { timeoutMs: 10_000, fetch })).resolves.toEqual({
      ok: false,
      reason: 'offline',
    });
  });

  it('an HTTP error, or a page that is not an ePOS answer, is other', async () => {
    await expect(
      sendToEposPrinter('http://192.168.1.50', xml, { timeoutMs: 10_000, fetch: fakeFetch(404, 'Not Found') }),
    ).resolves.toEqual({ ok: false, reason: 'other', code: 'HTTP 404' });
    await expect(
      sendToEposPrinter('http://192.168.1.50', xml, { timeoutMs: 10_000, fetch: fakeFetch(200, '<html>') }),
    ).resolves.toEqual({ ok: false, reason: 'other', code: 'NotXml' });
  });

  it('an address with a path is refused before anything is sent', async () => {
    const fetch = fakeFetch(200, answer('true', '', 2));
    await expect(
      sendToEposPrinter('http://192.168.1.50/elsewhere?x=1', xml, { timeoutMs: 10_000, fetch }),
    ).rejects.toThrow(TypeError);
    expect(fetch).not.toHaveBeenCalled();
  });
});
