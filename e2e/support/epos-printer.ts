import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A fake Epson ePOS-Print printer on the network: a Node HTTP server at the service's path
 * (/cgi-bin/epos/service.cgi) that keeps every request for the test to read and answers as told.
 * The terminal's page is on another origin, so it answers the CORS preflight as a printer does.
 */
export type EposPrinterMode =
  /** Printed: success="true". */
  | 'success'
  /** Not printed, with Epson's code and status bits (decimal in the answer), e.g. { code: 'EPTR_COVER_OPEN', status: 0x28 }. */
  | { code: string; status?: number }
  /** Takes the request and never answers (a printer that hangs, a cable pulled mid-job). */
  | 'silent';

export interface EposRequest {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

const EPOS_NS = 'http://www.epson-pos.com/schemas/2011/03/epos-print';

const answer = (success: boolean, code: string, status: number) =>
  `<?xml version="1.0" encoding="utf-8"?><s:Envelope xmlns:s="http://schemas.xmlsoap.org/soap/envelope/"><s:Body>` +
  `<response success="${success}" code="${code}" status="${status}" battery="0" xmlns="${EPOS_NS}"/>` +
  `</s:Body></s:Envelope>`;

function cors(res: ServerResponse) {
  res.setHeader('Access-Control-Allow-Origin', '*');
  res.setHeader('Access-Control-Allow-Methods', 'POST');
  res.setHeader('Access-Control-Allow-Headers', 'Content-Type, SOAPAction, If-Modified-Since');
  // Chromium asks before a page reaches a private address (Private Network Access).
  res.setHeader('Access-Control-Allow-Private-Network', 'true');
}

/** Starts the printer on `port` (0: any free port) of 127.0.0.1. `address` is what the terminal is given. */
export async function startEposPrinter(options: { port?: number; mode?: EposPrinterMode } = {}) {
  let mode: EposPrinterMode = options.mode ?? 'success';
  const requests: EposRequest[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      requests.push({
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      });
      cors(res);
      if (req.method === 'OPTIONS') {
        res.writeHead(204, { 'Access-Control-Max-Age': '600' }).end();
        return;
      }
      if (req.method !== 'POST' || new URL(req.url ?? '/', 'http://printer').pathname !== '/cgi-bin/epos/service.cgi') {
        res.writeHead(404).end();
        return;
      }
      if (mode === 'silent') return;
      const xml = mode === 'success' ? answer(true, '', 0x2) : answer(false, mode.code, mode.status ?? 0);
      res.writeHead(200, { 'Content-Type': 'text/xml; charset=utf-8' }).end(xml);
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', resolve);
  });
  const { port } = server.address() as AddressInfo;
  return {
    address: `http://127.0.0.1:${port}`,
    port,
    /** Every request so far, preflights included, in order. */
    requests,
    /** The POSTed print jobs only. */
    jobs: () => requests.filter((r) => r.method === 'POST'),
    setMode: (next: EposPrinterMode) => {
      mode = next;
    },
    /** Stops it, ending any request it left unanswered. */
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
