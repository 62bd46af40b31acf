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
