import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';

/** Headers this writer sets itself: the body is sent whole and the connection closed after it. */
const OWN_HEADERS = new Set(['content-length', 'connection', 'transfer-encoding', 'keep-alive']);

/**
 * Writes the app's answer straight onto the socket and closes it. For the requests Node gives no
 * ServerResponse for: a CONNECT (the server's 'connect' event) and a method its parser refuses.
 */
export async function writeRaw(socket: Duplex, response: Response): Promise<void> {
  const body = Buffer.from(await response.arrayBuffer());
  const lines = [`HTTP/1.1 ${response.status} ${STATUS_CODES[response.status] ?? ''}`];
  response.headers.forEach((value, name) => {
    if (!OWN_HEADERS.has(name)) lines.push(`${name}: ${value}`);
  });
  lines.push(`content-length: ${body.length}`, 'connection: close', '', '');
  socket.end(Buffer.concat([Buffer.from(lines.join('\r\n'), 'latin1'), body]));
}

/**
 * What Node itself answers to a request it cannot parse when no 'clientError' listener exists
 * (lib/_http_server.js): a listener replaces it, so the simulator's listener gives it for every
 * parse error but the one it answers itself.
 */
export function nodeClientErrorAnswer(error: NodeJS.ErrnoException, socket: Duplex): void {
  if (socket.writable && error.code !== 'ECONNRESET') {
    const status =
      error.code === 'HPE_HEADER_OVERFLOW'
        ? 431
        : error.code === 'HPE_CHUNK_EXTENSIONS_OVERFLOW'
          ? 413
          : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
            ? 408
            : 400;
    socket.write(`HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nConnection: close\r\n\r\n`);
  }
  socket.destroy();
}
