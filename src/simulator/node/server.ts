import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { createEngine, type Engine } from '../engine/engine';
import type { Dataset } from '../engine/dataset';
import { createSimulatorApp, DROP_HEADER, UNLISTED_METHOD } from '../http/app';
import { nodeClientErrorAnswer, writeRaw } from './raw-answer';

async function readBody(req: IncomingMessage): Promise<Buffer | undefined> {
  if (req.method === 'GET' || req.method === 'HEAD') return undefined;
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** Methods fetch's Request refuses to carry (it throws): none is the contract's, so each is answered as unlisted. */
const REFUSED_BY_FETCH = new Set(['CONNECT', 'TRACE', 'TRACK']);

function toRequest(req: IncomingMessage, body: Buffer | undefined, signal?: AbortSignal): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (typeof value === 'string') headers.set(name, value);
    else if (Array.isArray(value)) headers.set(name, value.join(', '));
  }
  const method = req.method ?? 'GET';
  // A target that is not a path (CONNECT's host:port, a proxy's absolute URL) is no path of the contract either.
  const target = req.url?.startsWith('/') ? req.url : '/';
  return new Request(`http://${req.headers.host ?? 'localhost'}${target}`, {
    method: REFUSED_BY_FETCH.has(method.toUpperCase()) ? UNLISTED_METHOD : method,
    headers,
    body: body && body.length > 0 ? new Uint8Array(body) : undefined,
    ...(signal && { signal }),
  });
}

export interface RunningSimulator {
  /** http://host:port, with no trailing slash. */
  url: string;
  port: number;
  engine: Engine;
  close: () => Promise<void>;
}

/**
 * The simulator over HTTP in this Node process: `npm run simulator` and the Playwright kit's
 * per-worker server both start it here. The "drop" fault destroys the socket after the operation
 * was applied; a client that gives up aborts the answer being worked on.
 */
export function startSimulator(options: {
  dataset: Dataset;
  port?: number;
  host?: string;
  now?: () => number;
}): Promise<RunningSimulator> {
  const engine = createEngine(options.dataset, options.now ? { now: options.now } : {});
  const app = createSimulatorApp(engine);
  const server = createServer(async (req, res) => {
    const aborter = new AbortController();
    res.on('close', () => {
      if (!res.writableFinished) aborter.abort();
    });
    try {
      const response = await app.fetch(toRequest(req, await readBody(req), aborter.signal));
      if (response.headers.has(DROP_HEADER)) {
        req.socket.destroy(); // the "drop" fault: the operation happened, the answer is lost
        return;
      }
      if (aborter.signal.aborted) return;
      res.writeHead(response.status, Object.fromEntries(response.headers));
      res.end(Buffer.from(await response.arrayBuffer()));
    } catch (error) {
      process.stderr.write(`simulator: ${(error as Error).stack ?? String(error)}\n`);
      if (!res.headersSent)
        res.writeHead(500, { 'content-type': 'application/json', 'access-control-allow-origin': '*' });
      res.end(JSON.stringify({ error: { code: 'internal', message: 'Unexpected simulator error.' } }));
    }
  });

  async function answerOnSocket(socket: Duplex, request: Request): Promise<void> {
    try {
      await writeRaw(socket, await app.fetch(request));
    } catch {
      socket.destroy();
    }
  }

  // Node hands a CONNECT to this event, not to the request handler, and closes the socket when nobody listens.
  server.on(
    'connect',
    (req: IncomingMessage, socket: Duplex) => void answerOnSocket(socket, toRequest(req, undefined)),
  );

  // A method Node's parser does not know (TRACK, a lowercase "get") never becomes a request: answered as unlisted.
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => {
    if (error.code !== 'HPE_INVALID_METHOD' || !socket.writable) return nodeClientErrorAnswer(error, socket);
    void answerOnSocket(socket, new Request('http://localhost/', { method: UNLISTED_METHOD }));
  });

  return new Promise((resolve, reject) => {
    server.once('error', reject);
    const host = options.host ?? '127.0.0.1';
    server.listen(options.port ?? 0, host, () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : (options.port ?? 0);
      const shown = host.includes(':') ? `[${host}]` : host;
      resolve({ url: `http://${shown}:${port}`, port, engine, close: () => closeServer(server) });
    });
  });
}

/** Stops listening and ends the connections still open (a held "timeout" answer included). */
function closeServer(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
}
