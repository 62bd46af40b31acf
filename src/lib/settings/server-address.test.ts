import { describe, expect, it } from 'vitest';
import { checkServerAddress, sameServer } from './server-address';

describe('a Loyalty server address', () => {
  it('must be https when remote; http only for this machine and private networks, with a warning', () => {
    expect(checkServerAddress('https://loyalty.example.com')).toEqual({ ok: true, insecure: false });
    expect(checkServerAddress('http://loyalty.example.com')).toEqual({ ok: false, problem: 'urlInsecure' });
    expect(checkServerAddress('http://8.8.8.8:4010')).toEqual({ ok: false, problem: 'urlInsecure' });
    for (const local of [
      'http://127.0.0.1:4010',
      'http://localhost:4010',
      'http://192.168.1.20',
      'http://10.0.0.5',
      'http://172.20.1.1',
      'http://[::1]:4010',
      'http://till.local',
    ]) {
      expect(checkServerAddress(local)).toEqual({ ok: true, insecure: true });
    }
    expect(checkServerAddress('http://172.32.0.1')).toEqual({ ok: false, problem: 'urlInsecure' });
  });

  it('from a terminal served over https: a plain http server only on this machine (the browser blocks the rest)', () => {
    const fromHttps = { pageHttps: true };
    for (const here of ['http://127.0.0.1:4010', 'http://localhost:4010', 'http://[::1]:4010'])
      expect(checkServerAddress(here, fromHttps)).toEqual({ ok: true, insecure: true });
    for (const shop of ['http://192.168.1.20:4010', 'http://10.0.0.5', 'http://till.local'])
      expect(checkServerAddress(shop, fromHttps)).toEqual({ ok: false, problem: 'urlMixed' });
    expect(checkServerAddress('https://192.168.1.20:4010', fromHttps)).toEqual({ ok: true, insecure: false });
  });

  it('refuses a query, a fragment or credentials, and what is no address', () => {
    expect(checkServerAddress('https://loyalty.example.com/?x=1')).toEqual({ ok: false, problem: 'urlQuery' });
    expect(checkServerAddress('https://loyalty.example.com/#top')).toEqual({ ok: false, problem: 'urlQuery' });
    expect(checkServerAddress('https://loyalty.example.com?')).toEqual({ ok: false, problem: 'urlQuery' });
    expect(checkServerAddress('https://user:pw@loyalty.example.com')).toEqual({ ok: false, problem: 'urlCredentials' });
    expect(checkServerAddress('not a url')).toEqual({ ok: false, problem: 'url' });
    expect(checkServerAddress('ftp://loyalty.example.com')).toEqual({ ok: false, problem: 'url' });
  });

  it('is the same server only at the same address (a trailing slash aside)', () => {
    expect(sameServer('https://a.example.com', 'https://a.example.com/')).toBe(true);
    expect(sameServer('https://a.example.com', 'https://b.example.com')).toBe(false);
    expect(sameServer('https://a.example.com', 'http://a.example.com')).toBe(false);
  });
});
