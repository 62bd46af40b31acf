// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { defaultGuardRule, lookupGuard } from '@/lib/card-lookup';
import { TerminalContext } from '@/lib/terminal-context';
import { testTerminal } from '@/test-support/test-terminal';
import { LookupPauses } from './LookupPauses';

const journalOf = (scope: string) =>
  render(
    <TerminalContext.Provider value={testTerminal(globalThis.fetch, { scope })}>
      <LookupPauses />
    </TerminalContext.Provider>,
  );

afterEach(() => {
  cleanup();
  lookupGuard.lifted();
  lookupGuard.ruleSaved(defaultGuardRule);
});

describe('the journal’s pauses of lookups', () => {
  it('a pause started in training is in training’s journal, not in the live server’s', () => {
    lookupGuard.ruleSaved({ limit: 1, windowMs: 60_000, pauseMs: 60_000 });
    // No settings saved: the terminal works in training, so this unknown number is training's.
    lookupGuard.missed();
    journalOf('live|https://loyalty.example|demo|M1');
    expect(screen.queryByRole('heading', { name: 'Lookups paused (card-number guessing)' })).toBeNull();
    cleanup();
    journalOf('training');
    expect(screen.getByRole('heading', { name: 'Lookups paused (card-number guessing)' })).toBeTruthy();
    expect(screen.getAllByRole('listitem')).toHaveLength(1);
  });
});
