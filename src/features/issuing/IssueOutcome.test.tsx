// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TerminalContext } from '@/lib/terminal-context';
import { testTerminal } from '@/test-support/test-terminal';
import { IssueOutcome } from './IssueOutcome';

afterEach(cleanup);

describe('an issue the server refused', () => {
  it('says why, and the next issue is one tap away', () => {
    const onNext = vi.fn();
    render(
      <TerminalContext.Provider value={testTerminal(globalThis.fetch)}>
        <IssueOutcome
          state={{ phase: 'refused', id: 'op1', error: { code: 'series_exhausted', message: '' } }}
          onResolve={() => undefined}
          onNext={onNext}
        />
      </TerminalContext.Provider>,
    );
    expect(screen.getByRole('alert').textContent).not.toBe('');
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(onNext).toHaveBeenCalledTimes(1);
  });
});
