import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, type ReactNode } from 'react';
import { instrumentQueries } from '@/api/loyalty-api';
import { kindOf } from '@/domain/operation';
import { useTerminal } from '@/lib/terminal-context';
import { useTrainingResets } from '@/lib/training-events';
import { onOutboxChange, recordsToSend } from './outbox';
import { createOutbox } from './outbox';
import { askToKeepRecords, measureStorage, outboxDb } from './storage';
import { createPerform } from './perform';
import { applyChange, OutboxContext, refreshView, resetView, type OutboxHandle } from './projection';
import { createReadModel } from './read-model';
import { createSender } from './sender';
import { tabId } from './tab';

let measured = 0;
/** How full the storage is, read again after writes at most once a minute. */
function measureSoon() {
  if (Date.now() - measured < 60_000) return;
  measured = Date.now();
  void measureStorage();
}

/**
 * The outbox, its executor and its one sender for the server the terminal works with now. Each
 * write of this window tells the screens what it wrote and wakes the sender once, if it recorded
 * something to send; a write of another window makes this one read the projection again.
 */
export function OutboxProvider({ children }: { children: ReactNode }) {
  const { api, scope, mode, operatorId, operatorName } = useTerminal();
  const queryClient = useQueryClient();
  const { handle, outbox } = useMemo(() => {
    const db = outboxDb();
    const outbox = createOutbox(db, { scope, training: mode === 'training', operatorId, operatorName });
    const reads = createReadModel(db, scope);
    const sender = createSender({
      api,
      outbox,
      reads,
      onAnswered: ({ request }) => {
        // What the screens show of that card is read again.
        if ('number' in request)
          void queryClient.invalidateQueries({
            queryKey: instrumentQueries.key(scope, kindOf(request.type), request.number),
          });
      },
    });
    const tab = tabId();
    // The screens get the executor and the reads; the write side stays here.
    const handle: OutboxHandle = { perform: createPerform(outbox, tab), reads, sender, tab };
    return { handle, outbox };
  }, [api, scope, mode, operatorId, operatorName, queryClient]);

  useEffect(() => {
    const { reads, sender, tab } = handle;
    resetView(outbox.scope);
    const off = onOutboxChange((change) => {
      void applyChange(reads, outbox, tab, change).catch(() => undefined);
      if (recordsToSend(change)) void sender.kick();
      if (!change.remote && change.records.length > 0) measureSoon();
    });
    void refreshView(reads, outbox, tab).catch(() => undefined);
    void askToKeepRecords();
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
  }, [handle, outbox]);

  // A reset simulator has none of the training sales' holds: they are gone with them.
  const resets = useTrainingResets();
  const seen = useRef(resets);
  useEffect(() => {
    if (resets === seen.current || mode !== 'training') return;
    seen.current = resets;
    void outbox.clearScope();
  }, [resets, mode, outbox]);

  return <OutboxContext.Provider value={handle}>{children}</OutboxContext.Provider>;
}
