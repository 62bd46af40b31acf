import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { TerminalContext, type Terminal } from '@/lib/terminal-context';
import type { Intent } from '@/outbox/money-path';
import { OutboxContext, type OutboxHandle } from '@/outbox/projection';
import type { ReadModel } from '@/outbox/read-model';

/** A component test's screen inside the terminal's context and an outbox whose executor the test gives. */
export function renderWithOutbox(
  ui: ReactElement,
  { terminal, perform, reads }: { terminal: Terminal; perform: (intent: Intent) => Promise<unknown>; reads: ReadModel },
) {
  const handle = { perform, reads, resolveNow: async () => {}, tab: 'tab-1' } as unknown as OutboxHandle;
  return render(
    <TerminalContext.Provider value={terminal}>
      <OutboxContext.Provider value={handle}>{ui}</OutboxContext.Provider>
    </TerminalContext.Provider>,
  );
}
