import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { parseDataset } from '../engine/dataset';
import { demoDataset } from '../demo-dataset';
import { startSimulator } from './server';

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

startSimulator({ dataset: loaded.dataset, port, host: args.host }).then(
  (running) => {
    process.stdout.write(`Loyalty API simulator listening on ${running.url}\n`);
    for (const signal of ['SIGINT', 'SIGTERM'] as const)
      process.on(signal, () => void running.close().then(() => process.exit(0)));
  },
  (error: NodeJS.ErrnoException) =>
    fatal(error.code === 'EADDRINUSE' ? `port ${port} is already in use` : error.message),
);
