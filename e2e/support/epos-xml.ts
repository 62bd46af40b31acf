import { JSDOM } from 'jsdom';

/**
 * Reads an ePOS-Print request body as the printer would: an XML parser (jsdom's DOMParser, in
 * Node), not patterns, so a test sees exactly the elements, attributes and text the printer gets.
 * Engine-neutral: any suite that catches the request (startEposPrinter) can read it with this.
 */
export const SOAP_NS = 'http://schemas.xmlsoap.org/soap/envelope/';
export const EPOS_NS = 'http://www.epson-pos.com/schemas/2011/03/epos-print';

/** One element under <epos-print>: what the printer is told to do, in order. */
export interface EposCommand {
  tag: string;
  attrs: Record<string, string>;
  text: string;
}

export interface EposJob {
  commands: EposCommand[];
  /** The printed text lines, in order (a <text> with content; its closing line feed left off). */
  lines: string[];
  /** Code 128 data as ePOS-Print carries it ("{B" and the value). */
  barcodes: string[];
  cut: boolean;
}

let parser: DOMParser | undefined;

/** Throws unless the body is the documented envelope: s:Envelope > s:Body > epos-print, each in its namespace. */
export function readEposJob(body: string): EposJob {
  parser ??= new new JSDOM('').window.DOMParser();
  const doc = parser.parseFromString(body, 'application/xml');
  if (doc.getElementsByTagName('parsererror').length > 0) throw new Error(`not XML: ${body.slice(0, 200)}`);
  const envelope = doc.documentElement;
  const soapBody = envelope.firstElementChild;
  const print = soapBody?.firstElementChild;
  const where = (el: Element | null | undefined) => (el ? `{${el.namespaceURI}}${el.localName}` : 'nothing');
  if (
    where(envelope) !== `{${SOAP_NS}}Envelope` ||
    envelope.children.length !== 1 ||
    where(soapBody) !== `{${SOAP_NS}}Body` ||
    soapBody?.children.length !== 1 ||
    where(print) !== `{${EPOS_NS}}epos-print`
  )
    throw new Error(`not an ePOS-Print envelope: ${where(envelope)} > ${where(soapBody)} > ${where(print)}`);
  const commands = Array.from(print!.children, (el) => {
    if (el.namespaceURI !== EPOS_NS) throw new Error(`${where(el)} is outside the ePOS-Print namespace`);
    return {
      tag: el.localName,
      attrs: Object.fromEntries(Array.from(el.attributes, (a) => [a.name, a.value])),
      text: el.textContent ?? '',
    };
  });
  return {
    commands,
    lines: commands.filter((c) => c.tag === 'text' && c.text !== '').map((c) => c.text.replace(/\n$/, '')),
    barcodes: commands.filter((c) => c.tag === 'barcode').map((c) => c.text),
    cut: commands.some((c) => c.tag === 'cut'),
  };
}
