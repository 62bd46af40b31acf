// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { TerminalContext } from '@/lib/terminal-context';
import { testTerminal } from '@/test-support/test-terminal';
import { AmountField } from './AmountField';

const problem = (error: string, currency: string) => {
  render(
    <TerminalContext.Provider value={testTerminal(globalThis.fetch, { currency })}>
      <AmountField id="a" label="Amount" error={error} registration={{ value: '', onChange: () => undefined }} />
    </TerminalContext.Provider>,
  );
  return screen.getByRole('alert').textContent;
};

afterEach(cleanup);

describe('an amount that could not be read, in words for the currency', () => {
  it('its example is typed as the currency has it: 12.50 in euros, 1250 in yen, 12.500 in dinars', () => {
    expect(problem('not_a_number', 'EUR')).toBe('Enter an amount like 12.50.');
    cleanup();
    expect(problem('not_a_number', 'JPY')).toBe('Enter an amount like 1250.');
    cleanup();
    expect(problem('not_a_number', 'KWD')).toBe('Enter an amount like 12.500.');
  });

  it('one that could mean two amounts is shown both ways, each typed so it can only be one', () => {
    // "1,500" in euros: 1.50 or 1,500.00.
    expect(problem('ambiguous:150:150000', 'EUR')).toBe(
      'Did you mean €1.50 or €1,500.00? Type it so it can only be one: 1500.00 or 1.50.',
    );
    cleanup();
    // "12.000" in yen: ¥12 or ¥12,000 (there are no decimals to add).
    expect(problem('ambiguous:12:12000', 'JPY')).toBe(
      'Did you mean JP¥12 or JP¥12,000? Type it so it can only be one: 12000 or 12.',
    );
  });
});
