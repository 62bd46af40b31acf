import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, type ReactNode } from 'react';
import { instrumentQueries } from '@/api/queries';
import { useTerminal } from '@/lib/terminal-context';
import { useTrainingResets } from '@/lib/training-events';
import { onOutboxChange } from './changes';
import { createOutbox, outboxDb } from './outbox';
import { OutboxContext, refreshView, resetView, type OutboxHandle } from './projection';
import { createSender } from './sender';
import { tabId } from './tab';

/** The number an operation concerns, for refreshing what the screens show of that instrument. */
const kindAndNumber = (type: string, request: object) => ({
  kind: type.split('.')[0] ?? '',
  number: 'number' in request ? String(request.number) : '',
});

/**
 * The outbox and its one sender for the server the terminal works with now. Every change, in this
 * window or another, refreshes the projection the screens read and wakes the sender.
 */
export function OutboxProvider({ children }: { children: ReactNode }) {
  const { api, scope, mode, operatorId, operatorName } = useTerminal();
  const queryClient = useQueryClient();
  const handle = useMemo<OutboxHandle>(() => {
    const outbox = createOutbox(outboxDb(), { scope, training: mode === 'training', operatorId, operatorName });
    const sender = createSender({
      api,
      outbox,
      onAnswered: (record) => {
        const { kind, number } = kindAndNumber(record.request.type, record.request);
        if (number) void queryClient.invalidateQueries({ queryKey: [...instrumentQueries.all(scope), kind, number] });
      },
    });
    return { outbox, sender, tab: tabId() };
  }, [api, scope, mode, operatorId, operatorName, queryClient]);

  useEffect(() => {
    const { outbox, sender, tab } = handle;
    resetView(outbox.scope);
    const refresh = () => void refreshView(outbox, tab).catch(() => undefined);
    const off = onOutboxChange(() => {
      refresh();
      void sender.kick();
    });
    refresh();
    // Housekeeping waits until the terminal has started and the browser is idle.
    const idle = window.requestIdleCallback ?? ((cb: () => void) => window.setTimeout(cb, 2000));
    idle(() => void outbox.prune().catch(() => undefined));
    void sender.kick();
    const online = () => void sender.kick();
    window.addEventListener('online', online);
    return () => {
      off();
      sender.stop();
      window.removeEventListener('online', online);
    };
  }, [handle]);

  // A reset simulator has none of the training sales' holds: they are gone with them.
  const resets = useTrainingResets();
  const seen = useRef(resets);
  useEffect(() => {
    if (resets === seen.current || mode !== 'training') return;
    seen.current = resets;
    void handle.outbox.clearScope();
  }, [resets, mode, handle]);

  return <OutboxContext.Provider value={handle}>{children}</OutboxContext.Provider>;
}
