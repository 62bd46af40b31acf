import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, type ReactNode } from 'react';
import { instrumentKeys } from '@/api/query-keys';
import { kindOf } from '@/domain/operation';
import { afterPaint } from '@/lib/after-paint';
import { useTerminal } from '@/lib/terminal-context';
import { useTrainingResets } from '@/lib/training-events';
import { onOutboxChange, recordsToSend } from './changes';
import type { MoneyPath, Perform } from './money-path';
import { applyChange, OutboxContext, refreshView, resetView, type OutboxHandle } from './projection';
import { createReadModel } from './read-model';
import { askToKeepRecords, measureStorage, outboxDb } from './db';
import { tabId } from './tab';

let measured = 0;
/** How full the storage is, read again after writes at most once a minute. */
function measureSoon() {
  if (Date.now() - measured < 60_000) return;
  measured = Date.now();
  void measureStorage();
}

/** The money path's chunk (money-path.ts): the API layer, the outbox's write side, the sender, the executor. */
const loadMoneyPath = () => import('./money-path');

/**
 * The outbox, its executor and its one sender for the server the terminal works with now. The
 * reads are here at once; the money path is its own chunk, loaded after the first paint or by the
 * first `perform`, whichever comes first. Each write of this window tells the screens what it
 * wrote and wakes the sender once, if it recorded something to send; a write of another window
 * makes this one read the projection again. The sender runs while this provider is mounted.
 */
export function OutboxProvider({ children }: { children: ReactNode }) {
  const { apiConfig, scope, stillCurrent, mode, operatorId, operatorName } = useTerminal();
  const queryClient = useQueryClient();
  const { handle, moneyPath } = useMemo(() => {
    const tab = tabId();
    const reads = createReadModel(outboxDb, scope);
    let started: Promise<MoneyPath> | null = null;
    const moneyPath = (): Promise<MoneyPath> =>
      (started ??= loadMoneyPath()
        .then((m) =>
          m.startMoneyPath({
            apiConfig,
            reads,
            scope,
            training: mode === 'training',
            operatorId,
            operatorName,
            tab,
            stillCurrent,
            // What the screens show of that card is read again.
            onAnswered: ({ request }) => {
              if ('number' in request)
                void queryClient.invalidateQueries({
                  queryKey: instrumentKeys.key(scope, kindOf(request.type), request.number),
                });
            },
          }),
        )
        .catch((error: unknown) => {
          // Not kept: a chunk that could not be fetched (offline, a new version) is asked for again next time.
          started = null;
          throw error;
        }));
    const perform: Perform = async (intent) => (await moneyPath()).perform(intent);
    const resolveNow = async (operationId: string) => (await moneyPath()).sender.kick(operationId);
    // The screens get the executor and the reads; the write side stays here.
    const handle: OutboxHandle = { perform, reads, resolveNow, tab };
    return { handle, moneyPath };
  }, [apiConfig, scope, stillCurrent, mode, operatorId, operatorName, queryClient]);

  useEffect(() => {
    let live = true;
    const { reads, tab } = handle;
    const adopter = {
      adopt: async (id: string, from: string | undefined, to: string) => (await moneyPath()).outbox.adopt(id, from, to),
    };
    const whenLive = (work: (path: MoneyPath) => unknown) =>
      void moneyPath().then(
        (path) => live && work(path),
        () => undefined,
      );
    resetView(scope);
    // Another window's write may have moved a card's money (its answer, its hold): what this window
    // shows of this server's cards is read again, once the writes settle (a box writes hundreds).
    let cardsMoved: number | undefined;
    const readCardsAgain = () => {
      window.clearTimeout(cardsMoved);
      cardsMoved = window.setTimeout(
        () => void queryClient.invalidateQueries({ queryKey: instrumentKeys.all(scope) }, { cancelRefetch: false }),
        250,
      );
    };
    const off = onOutboxChange((change) => {
      if (change.remote) readCardsAgain();
      void applyChange(reads, adopter, tab, change).catch(() => undefined);
      if (recordsToSend(change)) whenLive((path) => path.sender.kick());
      if (!change.remote && change.records.length > 0) measureSoon();
    });
    void askToKeepRecords();
    // Housekeeping waits until the terminal has started and the browser is idle.
    const idle = window.requestIdleCallback ?? ((cb: () => void) => window.setTimeout(cb, 2000));
    idle(() => whenLive((path) => path.outbox.prune()));
    // The money path's chunk once the first screen is on screen; the sender sends what waits.
    const cancel = afterPaint(() => {
      void refreshView(reads, adopter, tab).catch(() => undefined);
      whenLive((path) => path.sender.start());
    });
    const online = () => whenLive((path) => path.sender.kick());
    window.addEventListener('online', online);
    return () => {
      live = false;
      cancel();
      off();
      window.clearTimeout(cardsMoved);
      // Stopped in order after any start queued above: a remount (StrictMode, Fast Refresh) starts it again.
      void moneyPath().then(
        (path) => path.sender.stop(),
        () => undefined,
      );
      window.removeEventListener('online', online);
    };
  }, [handle, moneyPath, scope, queryClient]);

  // A reset simulator has none of the training sales' holds: they are gone with them.
  const resets = useTrainingResets();
  const seen = useRef(resets);
  useEffect(() => {
    if (resets === seen.current || mode !== 'training') return;
    seen.current = resets;
    void moneyPath().then((path) => path.outbox.clearScope());
  }, [resets, mode, moneyPath]);

  return <OutboxContext.Provider value={handle}>{children}</OutboxContext.Provider>;
}
