import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, type ReactNode } from 'react';
import { instrumentKeys } from '@/api/query-keys';
import { kindOf } from '@/domain/operation';
import { afterPaint } from '@/lib/after-paint';
import { useTerminal } from '@/lib/terminal-context';
import { useTrainingResets } from '@/lib/training-events';
import { onOutboxChange, recordsToSend } from './changes';
import type { Perform } from './perform';
import { applyChange, OutboxContext, refreshView, resetView, type OutboxHandle } from './projection';
import type { ReadModel } from './read-model';
import type * as RuntimeModule from './runtime';
import type { OutboxRuntime } from './runtime';
import type { Sender } from './sender';
import { askToKeepRecords, measureStorage } from './storage-report';
import { tabId } from './tab';

let measured = 0;
/** How full the storage is, read again after writes at most once a minute. */
function measureSoon() {
  if (Date.now() - measured < 60_000) return;
  measured = Date.now();
  void measureStorage();
}

let loading: Promise<typeof RuntimeModule> | null = null;
/** The money path's chunk: asked for once the first screen is on screen (or at the first call that needs it). */
const loadRuntime = () => (loading ??= import('./runtime'));

/** The read model's calls, each answered once the runtime is there (`scope` is known at once). */
function lazyReads(start: () => Promise<OutboxRuntime>, scope: string): ReadModel {
  return new Proxy({} as ReadModel, {
    get: (_, key: keyof ReadModel | symbol) =>
      key === 'scope'
        ? scope
        : typeof key !== 'string' || key === ('then' as string)
          ? undefined // never mistaken for a promise
          : (...args: unknown[]) =>
              start().then((r) => (r.reads[key] as (...a: unknown[]) => Promise<unknown>)(...args)),
  });
}

/**
 * The outbox, its executor and its one sender for the server the terminal works with now. Each
 * write of this window tells the screens what it wrote and wakes the sender once, if it recorded
 * something to send; a write of another window makes this one read the projection again. The
 * screens get the handle at once; each call on it waits for the money path's chunk (runtime.ts).
 */
export function OutboxProvider({ children }: { children: ReactNode }) {
  const { api, scope, mode, operatorId, operatorName } = useTerminal();
  const queryClient = useQueryClient();
  const { handle, start } = useMemo(() => {
    const tab = tabId();
    let runtime: Promise<OutboxRuntime> | null = null;
    // Started by the first call on the handle, or after the first paint (below), whichever comes first.
    const start = () =>
      (runtime ??= loadRuntime().then((m) =>
        m.startOutbox({
          api,
          scope,
          training: mode === 'training',
          operatorId,
          operatorName,
          tab,
          // What the screens show of that card is read again.
          onAnswered: ({ request }) => {
            if ('number' in request)
              void queryClient.invalidateQueries({
                queryKey: instrumentKeys.key(scope, kindOf(request.type), request.number),
              });
          },
        }),
      ));
    const sender: Sender = {
      kick: (force?: string) => start().then((r) => r.sender.kick(force)),
      idle: () => start().then((r) => r.sender.idle()),
      stop: () => void start().then((r) => r.sender.stop()),
    };
    const perform = ((intent) => start().then((r) => r.perform(intent))) as Perform;
    // The screens get the executor and the reads; the write side stays here.
    const handle: OutboxHandle = { perform, reads: lazyReads(start, scope), sender, tab };
    return { handle, start };
  }, [api, scope, mode, operatorId, operatorName, queryClient]);

  useEffect(() => {
    let live = true;
    const { reads, sender, tab } = handle;
    const adopter = {
      adopt: (id: string, from: string | undefined, to: string) => start().then((r) => r.outbox.adopt(id, from, to)),
    };
    resetView(scope);
    const off = onOutboxChange((change) => {
      void applyChange(reads, adopter, tab, change).catch(() => undefined);
      if (recordsToSend(change)) void sender.kick();
      if (!change.remote && change.records.length > 0) measureSoon();
    });
    void askToKeepRecords();
    // Housekeeping waits until the terminal has started and the browser is idle.
    const idle = window.requestIdleCallback ?? ((cb: () => void) => window.setTimeout(cb, 2000));
    idle(
      () =>
        void start()
          .then((r) => (live ? r.outbox.prune() : 0))
          .catch(() => undefined),
    );
    // The money path's chunk once the first screen is on screen; the sender sends what waits.
    const cancel = afterPaint(() => {
      void refreshView(reads, adopter, tab).catch(() => undefined);
      void sender.kick();
    });
    const online = () => void sender.kick();
    window.addEventListener('online', online);
    return () => {
      live = false;
      cancel();
      off();
      sender.stop();
      window.removeEventListener('online', online);
    };
  }, [handle, start, scope]);

  // A reset simulator has none of the training sales' holds: they are gone with them.
  const resets = useTrainingResets();
  const seen = useRef(resets);
  useEffect(() => {
    if (resets === seen.current || mode !== 'training') return;
    seen.current = resets;
    void start().then((r) => r.outbox.clearScope());
  }, [resets, mode, start]);

  return <OutboxContext.Provider value={handle}>{children}</OutboxContext.Provider>;
}
