import type { SlipDoc } from './slip-doc';
import { layoutSlip, type CentredLine, type Paper } from './slip-layout';

/**
 * Epson's ePOS-Print: a network receipt printer (TM-m30, TM-T88VI, TM-i…) that takes a slip as XML
 * over HTTP(S) from the browser itself, no driver and no device permission. The slip is laid out as
 * for ESC/POS (slip-layout.ts), so it says the same on every printer.
 *
 * References: Epson's ePOS-Print XML reference (the <epos-print> elements, <response>, its codes and
 * status bits) and Epson's ePOS SDK for JavaScript, which sends the same envelope and headers.
 */

const SOAP_NS = 'http://schemas.xmlsoap.org/soap/envelope/';
const EPOS_NS = 'http://www.epson-pos.com/schemas/2011/03/epos-print';

export interface EposOptions {
  paper: Paper;
}

/** What XML 1.0 cannot carry, not even as a character reference. */
const NOT_XML =
  // eslint-disable-next-line no-control-regex -- finding control characters is the point
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/**
 * Text as XML character data. Characters XML 1.0 cannot carry at all (control characters other
 * than tab and line breaks, U+FFFE/U+FFFF, a lone surrogate) are dropped; markup is escaped.
 * Line breaks are written as character references, as Epson's SDK does.
 */
export function xmlText(text: string): string {
  return text
    .replace(NOT_XML, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;')
    .replace(/\t/g, '&#9;')
    .replace(/\n/g, '&#10;')
    .replace(/\r/g, '&#13;');
}

/**
 * Code 128 data as ePOS-Print wants it: the code set first ("{B": the whole of printable ASCII, as
 * the ESC/POS encoder chooses), a "{" written "{{" (it starts a code set or function otherwise), and
 * a backslash written "\\" (it starts an escape such as \x1d otherwise).
 */
function code128Data(value: string): string {
  return `{B${value.replace(/\\/g, '\\\\').replace(/\{/g, '{{')}`;
}

interface TextStyle {
  align: 'left' | 'center' | 'right';
  bold: boolean;
  double: boolean;
}

/**
 * One printed line. Each line states its whole style (alignment, emphasis, double width and
 * height), so no setting of one line leaks into the next.
 */
const textLine = (text: string, { align, bold, double }: TextStyle) =>
  `<text align="${align}" em="${bold}" dw="${double}" dh="${double}">${xmlText(text)}&#10;</text>`;

const centred = (line: CentredLine) => textLine(line.text, { align: 'center', bold: line.bold, double: false });

/**
 * A slip as the SOAP request an ePOS-Print printer prints: the TRAINING mark, title and header
 * centred, the card number in double size, the barcode drawn by the printer (Code 128), the rows
 * left with values right, then a cut. Text is UTF-8: the printer converts it to its own code pages.
 */
export function eposXml(doc: SlipDoc, options: EposOptions): string {
  const layout = layoutSlip(doc, options.paper);
  const body: string[] = ['<text lang="en"/>'];
  for (const item of layout.top) {
    if (item.kind === 'centred') body.push(centred(item));
    else if (item.kind === 'number') body.push(textLine(item.text, { align: 'center', bold: false, double: true }));
    else {
      // Characters under the bars come from the layout (the same line ESC/POS prints), not the printer's HRI.
      body.push(
        '<text align="center"/>',
        `<barcode type="code128" hri="none" width="${item.moduleWidth}" height="${item.height}">${xmlText(code128Data(item.value))}</barcode>`,
      );
    }
  }
  for (const line of layout.rows) body.push(textLine(line.text, { align: line.align, bold: false, double: false }));
  for (const line of layout.bottom) body.push(centred(line));
  body.push('<feed line="1"/>', '<cut type="feed"/>');
  return (
    `<?xml version="1.0" encoding="utf-8"?>` +
    `<s:Envelope xmlns:s="${SOAP_NS}"><s:Body><epos-print xmlns="${EPOS_NS}">${body.join('')}</epos-print></s:Body></s:Envelope>`
  );
}

/** Why a slip was not printed, in the words the terminal has for them. */
export type EposFailure =
  /** The paper cover is open. */
  | 'coverOpen'
  /** The roll is empty. */
  | 'paperOut'
  /** No answer, no connection, or the printer is offline / not responding. */
  | 'offline'
  /** The printer is busy with another job or its queue is full: try again shortly. */
  | 'busy'
  /** The printer took the job but did not finish printing within the time given. */
  | 'timeout'
  /** The printer has no device with our device ID ("local_printer"): its settings. */
  | 'deviceNotFound'
  /** A cutter jam, a mechanical or an unrecoverable error: the printer needs a hand. */
  | 'fault'
  /** Anything else (a schema error, an unknown code, an answer that is not ePOS-Print). */
  | 'other';

export type EposResult =
  | { ok: true; /** Printed, but the roll is nearly empty. */ paperNearEnd: boolean }
  | { ok: false; reason: EposFailure; /** Epson's code, or what came instead of an answer. */ code?: string };

/** The printer status bits of <response status="…"> (decimal), from Epson's ePOS-Print XML reference. */
export const ASB = {
  NO_RESPONSE: 0x00000001,
  PRINT_SUCCESS: 0x00000002,
  DRAWER_KICK: 0x00000004,
  OFF_LINE: 0x00000008,
  COVER_OPEN: 0x00000020,
  PAPER_FEED: 0x00000040,
  WAIT_ON_LINE: 0x00000100,
  PANEL_SWITCH: 0x00000200,
  MECHANICAL_ERR: 0x00000400,
  AUTOCUTTER_ERR: 0x00000800,
  UNRECOVER_ERR: 0x00002000,
  AUTORECOVER_ERR: 0x00004000,
  RECEIPT_NEAR_END: 0x00020000,
  RECEIPT_END: 0x00080000,
  BUZZER: 0x01000000,
  SPOOLER_IS_STOPPED: 0x80000000,
} as const;

/** Epson's error codes (<response code="…">), each as the terminal words it. Codes not listed are 'other'. */
const CODE_REASONS: Record<string, EposFailure> = {
  EPTR_COVER_OPEN: 'coverOpen',
  EPTR_REC_EMPTY: 'paperOut',
  EPTR_AUTOMATICAL: 'fault',
  EPTR_CUTTER: 'fault',
  EPTR_MECHANICAL: 'fault',
  EPTR_UNRECOVERABLE: 'fault',
  DeviceNotFound: 'deviceNotFound',
  EX_TIMEOUT: 'timeout',
  EX_BADPORT: 'offline',
  EX_DEVICE_BUSY: 'busy',
  // Epson's SDK reports this one as "device busy" too.
  EX_ENPC_TIMEOUT: 'busy',
  EX_SPOOLER: 'busy',
  Printing: 'busy',
  TooManyRequests: 'busy',
};

/**
 * Codes that say only that printing did not happen; the status bits say why, when they know
 * (a cover opened mid-slip is an "automatically recoverable" error, for one).
 */
const VAGUE_CODES = new Set(['', 'EX_TIMEOUT', 'EX_BADPORT', 'EPTR_AUTOMATICAL']);

function reasonFromStatus(status: number, code: string): EposFailure | undefined {
  if (status & ASB.COVER_OPEN) return 'coverOpen';
  if (status & ASB.RECEIPT_END) return 'paperOut';
  if (status & ASB.NO_RESPONSE) return 'offline';
  // Any error takes the printer offline too, so the offline bit explains only an answer with no code.
  if (code === '' && status & ASB.OFF_LINE) return 'offline';
  return undefined;
}

/**
 * The printer's answer: `<response success="…" code="…" status="…" battery="…"/>` in a SOAP
 * envelope. Printed only when it says success="true"; anything else that is not such an answer
 * (not XML, no <response>) is 'other'.
 */
export function parseEposResponse(xmlText: string): EposResult {
  // DOMParser does not throw on malformed XML: it gives a document with a <parsererror>.
  const doc = new DOMParser().parseFromString(xmlText, 'application/xml');
  if (doc.getElementsByTagName('parsererror').length > 0) return { ok: false, reason: 'other', code: 'NotXml' };
  const response = doc.getElementsByTagNameNS('*', 'response')[0];
  if (!response) return { ok: false, reason: 'other', code: 'NoResponse' };
  // The status bits are written in decimal; an absent or odd value tells nothing.
  const rawStatus = response.getAttribute('status')?.trim() ?? '';
  const status = /^\d+$/.test(rawStatus) ? Number(rawStatus) : 0;
  if (response.getAttribute('success') === 'true')
    return { ok: true, paperNearEnd: (status & ASB.RECEIPT_NEAR_END) !== 0 };
  const code = response.getAttribute('code')?.trim() ?? '';
  const reason = (VAGUE_CODES.has(code) ? reasonFromStatus(status, code) : undefined) ?? CODE_REASONS[code] ?? 'other';
  return code ? { ok: false, reason, code } : { ok: false, reason };
}

/** Why an address was refused, for Settings to say. */
export type AddressProblem = 'notUrl' | 'scheme' | 'credentials' | 'path';

/**
 * A printer's address as the cashier types it: `http://192.168.1.50`, `https://printer.local`,
 * `https://[fd00::50]:8443`. Only a scheme and a host (and port): no user or password, no path,
 * query or fragment, since the terminal adds the service's own path. Gives the origin.
 *
 * Mixed content: a page served over https may not call an http address (the browser blocks it
 * before it leaves), so a terminal served over https needs the printer's https address. Epson's
 * printers answer https with a certificate of their own, which the browser must be told to trust
 * once (open the printer's address in it, or install the certificate).
 */
export function parsePrinterAddress(
  input: string,
): { ok: true; origin: string } | { ok: false; problem: AddressProblem } {
  const text = input.trim();
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return { ok: false, problem: 'notUrl' };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return { ok: false, problem: 'scheme' };
  if (url.username || url.password || text.includes('@')) return { ok: false, problem: 'credentials' };
  // The scheme, the host and an optional port, and at most a closing slash: nothing the URL parser would make a path of.
  if (!/^https?:\/\/[^/\\?#]+\/?$/i.test(text)) return { ok: false, problem: 'path' };
  return { ok: true, origin: url.origin };
}

/** Time the printer gets beyond its own print timeout to answer (its answer comes once the slip is printed). */
export const ANSWER_MARGIN_MS = 5_000;

export interface SendOptions {
  /** How long the printer may take to print (it answers EX_TIMEOUT after it). */
  timeoutMs: number;
  fetch?: typeof globalThis.fetch;
}

/**
 * Sends a slip's XML to the printer and reads its answer. Never rejects for the printer's sake:
 * no answer within the print timeout and a margin, or a network error (the printer off or
 * unreachable, its certificate not trusted, mixed content, a refused CORS preflight), is 'offline';
 * an HTTP error is 'other'. Rejects only for an address parsePrinterAddress refuses.
 */
export async function sendToEposPrinter(address: string, xml: string, options: SendOptions): Promise<EposResult> {
  const parsed = parsePrinterAddress(address);
  if (!parsed.ok) throw new TypeError(`not a printer address (${parsed.problem})`);
  const timeoutMs = Math.max(1, Math.round(options.timeoutMs));
  const send = options.fetch ?? globalThis.fetch;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs + ANSWER_MARGIN_MS);
  let answer: string;
  try {
    const response = await send(`${parsed.origin}/cgi-bin/epos/service.cgi?devid=local_printer&timeout=${timeoutMs}`, {
      method: 'POST',
      headers: {
        'Content-Type': 'text/xml; charset=utf-8',
        SOAPAction: '""',
        // As Epson's SDK sends it: no cache between the terminal and the printer answers for it.
        'If-Modified-Since': 'Thu, 01 Jan 1970 00:00:00 GMT',
      },
      body: xml,
      signal: controller.signal,
      cache: 'no-store',
      credentials: 'omit',
      redirect: 'error',
    });
    if (!response.ok) return { ok: false, reason: 'other', code: `HTTP ${response.status}` };
    // The body too within the time: the abort ends a printer that answers its headers and stalls.
    answer = await response.text();
  } catch {
    return { ok: false, reason: 'offline' };
  } finally {
    clearTimeout(timer);
  }
  return parseEposResponse(answer);
}
