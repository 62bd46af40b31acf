import { describe, expect, it } from 'vitest';
import { tokenTail } from './token-tail';

describe('what is shown again of a saved token', () => {
  it.each([
    ['', ''],
    ['k', ''],
    ['k9Z2', ''],
    ['k9Z2x', '2x'],
    ['abcdef', 'def'],
    ['abcdefg', 'efg'],
    ['abcdefgh', 'efgh'],
    ['a-long-access-token-1234', '1234'],
  ])('"%s" shows "%s": at most the last four, never more than half', (token, tail) => {
    expect(tokenTail(token)).toBe(tail);
    expect(tail.length * 2).toBeLessThanOrEqual(token.length);
  });
});
