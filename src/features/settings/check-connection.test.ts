import { describe, expect, it } from 'vitest';
import { simulatedApi } from '@/test-support/simulated-api';
import { checkConnection } from './check-connection';

const settings = {
  baseUrl: 'http://sim.test',
  loyaltyGroup: 'demo',
  token: 'demo-token',
  merchantId: 'M1',
  currency: 'EUR',
  timeoutSeconds: 2,
  series: [],
};
const answering =
  (status: number, body: string, type = 'application/json'): typeof fetch =>
  async () =>
    new Response(body, { status, headers: { 'Content-Type': type } });

describe('check connection', () => {
  it('passes on the contract’s not_found for an unknown card (the real simulator handler)', async () => {
    const sim = simulatedApi();
    const doFetch: typeof fetch = async (input, init) => sim.app.fetch(new Request(input, init));
    expect(await checkConnection(settings, doFetch)).toMatchObject({ ok: true, key: 'check.ok' });
  });

  it('fails when the merchant id is not the token’s (it is in a void’s path only), and voids nothing', async () => {
    const sim = simulatedApi();
    const sent: string[] = [];
    const doFetch: typeof fetch = async (input, init) => {
      const request = new Request(input, init);
      sent.push(`${request.method} ${new URL(request.url).pathname}`);
      return sim.app.fetch(request);
    };
    expect(await checkConnection({ ...settings, merchantId: 'M-TYPO' }, doFetch)).toMatchObject({
      ok: false,
      key: 'check.merchantId',
      vars: { merchant: 'M-TYPO' },
    });
    expect(sent.at(-1)).toMatch(/^POST .*\/merchant\/M-TYPO\/loyaltycards\/0000000000000000\/_voidPayment$/);
    expect(sim.state().loyaltyPayments.filter((p) => p.voided)).toEqual([]);
  });

  it('fails on any other 404: an HTML page, a JSON body that is not the contract’s', async () => {
    expect(await checkConnection(settings, answering(404, '<html>Not Found</html>', 'text/html'))).toMatchObject({
      ok: false,
      key: 'check.malformed',
    });
    expect(await checkConnection(settings, answering(404, '{"message":"Not Found"}'))).toMatchObject({
      ok: false,
      key: 'check.malformed',
    });
  });

  it('fails when "not found" comes with a status that is not 404', async () => {
    expect(
      await checkConnection(settings, answering(200, '{"error":{"code":"not_found","message":"x"}}')),
    ).toMatchObject({ ok: false });
  });
});
