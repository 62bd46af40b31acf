import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoDataset } from '../demo-dataset';

const entry = join(__dirname, 'main.ts');
const tsx = join(__dirname, '../../../node_modules/.bin/tsx');
const TX = '5f0c3c2e-8a3b-4c1e-9d2a-1b2c3d4e5f60';

interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** Over node:http itself, not fetch: fetch cannot send TRACE. */
function send(url: string, method: string, path: string, headers: Record<string, string>): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const { hostname, port } = new URL(url);
    const req = request({ host: hostname, port, method, path, headers }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers as Record<string, string>, body }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

/** The bytes of one request line on a socket, for what node:http's client will not send or read as usual. */
function sendRaw(url: string, requestLine: string): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const { hostname, port } = new URL(url);
    let text = '';
    const socket = connect(Number(port), hostname, () => socket.write(`${requestLine}\r\nHost: x\r\n\r\n`));
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => (text += chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const [head = '', body = ''] = text.split('\r\n\r\n');
      const [statusLine = '', ...lines] = head.split('\r\n');
      const headers = Object.fromEntries(
        lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]),
      );
      resolve({ status: Number(statusLine.split(' ')[1]), headers, body });
    });
  });
}

function startSimulator(args: string[]): Promise<{ child: ChildProcess; url: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(tsx, [entry, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    const timer = setTimeout(() => reject(new Error('simulator did not start')), 15_000);
    child.stdout?.on('data', (chunk: Buffer) => {
      const match = /listening on (http:\/\/\S+)/.exec(chunk.toString());
      if (match?.[1]) {
        clearTimeout(timer);
        resolve({ child, url: match[1] });
      }
    });
  });
}

describe('npm run simulator', () => {
  let sim: { child: ChildProcess; url: string };
  const api = (path: string) => `${sim.url}/loyalty/api/v1/pos/loyaltyGroups/demo${path}`;
  const auth = { Authorization: 'Bearer demo-token', 'Content-Type': 'application/json' };
  const pay = (amount: number) => JSON.stringify({ amount, workstationData: { transactionId: TX, reason: 'Sale' } });
  const faults = (body: unknown) =>
    fetch(`${sim.url}/_simulator/faults`, { method: 'POST', body: JSON.stringify(body) });

  beforeAll(async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sim-'));
    const file = join(dir, 'data.json');
    writeFileSync(file, JSON.stringify({ ...demoDataset, authorizationTtlSeconds: 60 }));
    sim = await startSimulator(['--port', '0', '--host', '127.0.0.1', '--data', file]);
  }, 20_000);
  afterAll(() => {
    sim?.child.kill();
  });

  it('prints its URL and serves the contract with CORS on every answer', async () => {
    expect(sim.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const card = await fetch(api('/giftcards/700100000001'), { headers: { ...auth, Origin: 'http://terminal.test' } });
    expect(card.status).toBe(200);
    expect(card.headers.get('access-control-allow-origin')).toBe('*');
    const missing = await fetch(api('/nope'), { headers: { ...auth, Origin: 'http://terminal.test' } });
    expect([
      missing.status,
      (await missing.json()).error.code,
      missing.headers.get('access-control-allow-origin'),
    ]).toEqual([404, 'not_found', '*']);
    const preflight = await fetch(api('/giftcards/1/_pay'), {
      method: 'OPTIONS',
      headers: {
        Origin: 'http://terminal.test',
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'authorization,content-type,idempotency-key',
      },
    });
    expect(preflight.status).toBeLessThan(300);
    expect(preflight.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('idempotency-key');
    expect(
      (await fetch(api('/giftcards/700100000001/_pay'), { method: 'POST', headers: auth, body: pay(1) })).headers.get(
        'access-control-expose-headers',
      ),
    ).toMatch(/Idempotency-Replayed/);
  });

  it('answers 404 not_found with the error body and CORS to a method fetch cannot carry (TRACE over node:http)', async () => {
    const trace = await send(sim.url, 'TRACE', '/loyalty/api/v1/pos/loyaltyGroups/demo/giftcards/700100000001', {
      Authorization: 'Bearer demo-token',
      Origin: 'http://terminal.test',
    });
    expect([trace.status, JSON.parse(trace.body), trace.headers['access-control-allow-origin']]).toEqual([
      404,
      { error: { code: 'not_found', message: expect.any(String) } },
      '*',
    ]);
    // CONNECT goes to Node's 'connect' event, TRACK is refused by its parser: the same answer for both.
    for (const line of ['CONNECT 127.0.0.1:1 HTTP/1.1', 'TRACK / HTTP/1.1']) {
      const answer = await sendRaw(sim.url, line);
      expect([line, answer.status, JSON.parse(answer.body), answer.headers['access-control-allow-origin']]).toEqual([
        line,
        404,
        { error: { code: 'not_found', message: expect.any(String) } },
        '*',
      ]);
    }
    expect((await fetch(api('/giftcards/700100000001'), { headers: auth })).status).toBe(200); // still serving
  });

  it('drop destroys the connection after applying the operation; the replay answers it', async () => {
    await fetch(`${sim.url}/_simulator/reset`, { method: 'POST' });
    await faults({ next: { count: 1, kind: 'drop' } });
    const key = crypto.randomUUID();
    const headers = { ...auth, 'Idempotency-Key': key };
    await expect(
      fetch(api('/giftCardSeries/GC3/giftcards/_issue'), { method: 'POST', headers, body: pay(10) }),
    ).rejects.toThrow();
    const replay = await fetch(api('/giftCardSeries/GC3/giftcards/_issue'), { method: 'POST', headers, body: pay(10) });
    expect([replay.status, replay.headers.get('idempotency-replayed'), (await replay.json()).giftCardId]).toEqual([
      201,
      'true',
      '700300000001',
    ]);
    const state = await (await fetch(`${sim.url}/_simulator/state`)).json();
    expect(state.instruments.filter((i: { seriesNumber: string }) => i.seriesNumber === 'GC3')).toHaveLength(1);
  });

  it('timeout answers nothing until the client gives up, and has no effect', async () => {
    await fetch(`${sim.url}/_simulator/reset`, { method: 'POST' });
    await faults({ next: { count: 1, kind: 'timeout' } });
    const started = Date.now();
    await expect(
      fetch(api('/giftcards/700100000001/_pay'), {
        method: 'POST',
        headers: auth,
        body: pay(5),
        signal: AbortSignal.timeout(300),
      }),
    ).rejects.toThrow();
    expect(Date.now() - started).toBeGreaterThanOrEqual(280);
    expect((await (await fetch(`${sim.url}/_simulator/state`)).json()).authorizations).toEqual([]);
    expect((await fetch(api('/giftcards/700100000001'), { headers: auth })).status).toBe(200);
  });

  it('uses the dataset given: authorization TTL 60 s', async () => {
    const hold = await (
      await fetch(api('/giftcards/700100000001/_pay'), { method: 'POST', headers: auth, body: pay(1) })
    ).json();
    expect(Date.parse(hold.expires) - Date.parse(hold.created)).toBe(60_000);
  });

  it('refuses a wrong dataset file with the field named, not a stack trace', () => {
    const dir = mkdtempSync(join(tmpdir(), 'sim-'));
    const file = join(dir, 'bad.json');
    writeFileSync(file, JSON.stringify({ ...demoDataset, tokens: [{ token: '', merchantId: 'M1' }] }));
    const run = spawnSync(tsx, [entry, '--port', '0', '--data', file], { encoding: 'utf8', timeout: 15_000 });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('tokens[0].token: must not be empty');
    expect(run.stderr).not.toMatch(/\n\s+at /);
    const notJson = join(dir, 'broken.json');
    writeFileSync(notJson, '{ nope');
    const broken = spawnSync(tsx, [entry, '--port', '0', '--data', notJson], { encoding: 'utf8', timeout: 15_000 });
    expect([broken.status, broken.stderr]).toEqual([1, expect.stringContaining('is not valid JSON')]);
  }, 40_000); // two Node processes started one after the other: seconds each on a busy machine
});
