import { describe, expect, it } from 'vitest';
import type { ServerSettings } from './schema';
import { scopeOf } from './scope';
import { asSpelledHere, withKnownSpelling } from './server-spelling';

const server = (baseUrl: string, loyaltyGroup = 'demo'): ServerSettings => ({
  baseUrl,
  token: 't',
  loyaltyGroup,
  merchantId: 'M1',
  currency: 'EUR',
  timeoutSeconds: 10,
  series: [],
});

describe('a server spelled another way', () => {
  it('a backup’s scope with a slash more, capitals in the host or the default port is this server’s', () => {
    const here = server('https://loyalty.example');
    for (const typed of ['https://loyalty.example/', 'https://LOYALTY.example', 'https://loyalty.example:443'])
      expect(asSpelledHere(scopeOf('live', server(typed)), here)).toBe('live|https://loyalty.example|demo|M1');
    expect(asSpelledHere('live|https://other.example|demo|M1', here)).toBe('live|https://other.example|demo|M1');
    expect(asSpelledHere('live|https://loyalty.example/|other|M1', here)).toBe(
      'live|https://loyalty.example/|other|M1',
    );
    expect(asSpelledHere('training', here)).toBe('training');
    expect(asSpelledHere('live|https://loyalty.example/|demo|M1', null)).toBe('live|https://loyalty.example/|demo|M1');
  });

  it('a server typed after its records were brought in takes their spelling; one spelled as typed stays', () => {
    const kept = ['training', 'live|https://loyalty.example/|demo|M1'];
    expect(withKnownSpelling(server('https://Loyalty.example'), kept).baseUrl).toBe('https://loyalty.example/');
    expect(withKnownSpelling(server('https://Loyalty.example', 'other'), kept).baseUrl).toBe('https://Loyalty.example');
    expect(
      withKnownSpelling(server('https://loyalty.example'), [...kept, 'live|https://loyalty.example|demo|M1']).baseUrl,
    ).toBe('https://loyalty.example');
  });
});
