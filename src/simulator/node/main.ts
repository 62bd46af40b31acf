import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { parseArgs } from 'node:util';
import { createEngine } from '../engine/engine';
import { parseDataset } from '../engine/dataset';
import { createSimulatorApp, DROP_HEADER, UNLISTED_METHOD } from '../http/app';
import { demoDataset } from '../demo-dataset';
import { nodeClientErrorAnswer, writeRaw } from './raw-answer';

/** `npm run simulator -- --port <n> [--host 127.0.0.1] [--data <dataset.json>]` */
function fatal(message: string): never {
  process.stderr.write(`simulator: ${message}\n`);
  process.exit(1);
}

let args;
try {
  args = parseArgs({
    options: { port: { type: 'string' }, host: { type: 'string', default: '127.0.0.1' }, data: { type: 'string' } },
  }).values;
} catch (error) {
  fatal(
    `${(error as Error).message}\nusage: npm run simulator -- --port <n> [--host 127.0.0.1] [--data <dataset.json>]`,
  );
}
const port = Number(args.port ?? '4010');
if (!Number.isInteger(port) || port < 0 || port > 65535) fatal(`--port must be a port number, not "${args.port}"`);

let raw: unknown = demoDataset;
if (args.data) {
  let text: string;
  try {
    text = readFileSync(args.data, 'utf8');
  } catch (error) {
    fatal(`cannot read ${args.data}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
  }
  try {
    raw = JSON.parse(text);
  } catch (error) {
    fatal(`${args.data} is not valid JSON: ${(error as Error).message}`);
  }
}
const loaded = parseDataset(raw);
if (!loaded.ok) fatal(`${args.data ?? 'built-in dataset'} is not a valid dataset:\n  ${loaded.problems.join('\n  ')}`);

const app = createSimulatorApp(createEngine(loaded.dataset));

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
server.on('connect', (req: IncomingMessage, socket: Duplex) => void answerOnSocket(socket, toRequest(req, undefined)));

// A method Node's parser does not know (TRACK, a lowercase "get") never becomes a request: answered as unlisted.
server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => {
  if (error.code !== 'HPE_INVALID_METHOD' || !socket.writable) return nodeClientErrorAnswer(error, socket);
  void answerOnSocket(socket, new Request('http://localhost/', { method: UNLISTED_METHOD }));
});

server.on('error', (error: NodeJS.ErrnoException) =>
  fatal(error.code === 'EADDRINUSE' ? `port ${port} is already in use` : error.message),
);
server.listen(port, args.host, () => {
  const address = server.address();
  const actualPort = typeof address === 'object' && address ? address.port : port;
  const host = args.host?.includes(':') ? `[${args.host}]` : args.host;
  process.stdout.write(`Loyalty API simulator listening on http://${host}:${actualPort}\n`);
});

for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => server.close(() => process.exit(0)));
