import { describe, expect, it } from 'vitest';
import { isolated, untrustedText } from './answer-check';

describe('text from a server', () => {
  it('loses the marks that reverse what is read, and control characters', () => {
    expect(untrustedText('Ada\u202Egnp.exe\u202C')).toBe('Adagnp.exe');
    expect(untrustedText('a\u2066b\u2069c\u200Fd\u0007e')).toBe('abcde');
    expect(untrustedText('line one\nline two')).toBe('line one line two');
  });

  it('is capped: an unbroken 10,000-character message becomes 300 characters ending in …', () => {
    const capped = untrustedText('x'.repeat(10_000));
    expect(Array.from(capped)).toHaveLength(300);
    expect(capped.endsWith('…')).toBe(true);
    expect(untrustedText('short', 80)).toBe('short');
  });

  it('is isolated inside a sentence of the terminal’s own', () => {
    expect(isolated('\u202Eevil')).toBe('\u2068evil\u2069');
  });
});
