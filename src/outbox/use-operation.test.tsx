// @vitest-environment jsdom
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { OutboxContext, type OutboxHandle } from './projection';
import type { ReadModel } from './read-model';
import type { OperationRecord } from './types';
import { useInstrumentOperation } from './use-operation';

const KEY = 'loyalty-terminal.operation:training:issue:series:storeCredit';

/** The outbox as a task sees it, with the records `records` holds. */
function outbox(records: Map<string, OperationRecord>) {
  const reads = { scope: 'training', get: async (id: string) => records.get(id) } as unknown as ReadModel;
  const handle = {
    reads,
    tab: 'tab-1',
    // As the outbox does: the record is written before its id is handed back.
    perform: async () => {
      records.set('new-op', { id: 'new-op', status: 'pending', attempts: 0 } as OperationRecord);
      return { id: 'new-op' };
    },
    resolveNow: async () => undefined,
  } as unknown as OutboxHandle;
  return ({ children }: { children: ReactNode }) => (
    <OutboxContext.Provider value={handle}>{children}</OutboxContext.Provider>
  );
}

describe('a task’s operation kept in the tab', () => {
  it('shows the outcome still missing after the task is opened again', async () => {
    sessionStorage.setItem(KEY, 'op-1');
    const records = new Map([['op-1', { id: 'op-1', status: 'unknown', attempts: 1 } as OperationRecord]]);
    const { result } = renderHook(() => useInstrumentOperation('issue:series:storeCredit'), {
      wrapper: outbox(records),
    });
    await waitFor(() => expect(result.current.state).toEqual({ phase: 'unknown', id: 'op-1' }));
  });

  it('keeps an issue a manager must check (it may have gone through): opened again, the task shows it, not a fresh form', async () => {
    sessionStorage.setItem(KEY, 'op-2');
    const records = new Map([['op-2', { id: 'op-2', status: 'attention', attempts: 2 } as OperationRecord]]);
    const useIssue = () => useInstrumentOperation('issue:series:storeCredit', { keptWithManager: true });
    const first = renderHook(useIssue, { wrapper: outbox(records) });
    await waitFor(() => expect(first.result.current.state).toMatchObject({ phase: 'attention', id: 'op-2' }));
    first.unmount();
    expect(sessionStorage.getItem(KEY)).toBe('op-2');
    const again = renderHook(useIssue, { wrapper: outbox(records) });
    await waitFor(() => expect(again.result.current.state).toMatchObject({ phase: 'attention', id: 'op-2' }));
    // A manager checked the card and lets it go: the next issue is a fresh form.
    act(() => again.result.current.reset());
    expect(again.result.current.state).toEqual({ phase: 'idle' });
    expect(sessionStorage.getItem(KEY)).toBeNull();
  });

  it('starts afresh when its record is gone (a training reset cleared it), instead of "sending" for ever', async () => {
    sessionStorage.setItem(KEY, 'op-gone');
    const { result } = renderHook(() => useInstrumentOperation('issue:series:storeCredit'), {
      wrapper: outbox(new Map()),
    });
    await waitFor(() => expect(result.current.state).toEqual({ phase: 'idle' }));
    expect(sessionStorage.getItem(KEY)).toBeNull();
    await act(async () => {
      await result.current.start({ type: 'storeCredit.issueInSeries', series: 'SC1', amount: 500 } as never, 'x');
    });
    expect(sessionStorage.getItem(KEY)).toBe('new-op');
    await waitFor(() => expect(result.current.state).toEqual({ phase: 'sending' }));
    expect(sessionStorage.getItem(KEY)).toBe('new-op');
  });
});
