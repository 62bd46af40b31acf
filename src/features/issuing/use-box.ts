import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { LoyaltyApiError } from '@/api/errors';
import { guardOf } from '@/lib/card-lookup';
import { createLoyaltyApi, getInstrument } from '@/api/loyalty-api';
import { boxSummary, type BoxSummary, type CardBox, type CardFound } from '@/domain/card-box';
import type { Minor } from '@/domain/money';
import { useTerminal } from '@/lib/terminal-context';
import { onOutboxChange } from '@/outbox/changes';
import { useOutbox } from '@/outbox/projection';
import type { ReadModel } from '@/outbox/read-model';
import { settledRecord } from '@/outbox/settled';
import { runBox, type BoxRunEnd } from './box-runner';

/** The box's figures from its records: each issued card's amount as the server answered it. */
async function summarize(reads: ReadModel, box: CardBox): Promise<BoxSummary> {
  const records = new Map(
    await Promise.all(Object.values(box.issued).map(async (id) => [id, await reads.get(id)] as const)),
  );
  return boxSummary(box, (id) => {
    const r = records.get(id);
    const result = r?.result as { account?: { original?: Minor } } | undefined;
    if (r?.status === 'succeeded') return { state: 'issued', amount: result?.account?.original ?? 0 };
    if (r?.status === 'refused') return { state: 'refused', amount: 0 };
    if (r?.status === 'attention') return { state: 'attention', amount: 0 };
    return { state: 'waiting', amount: 0 };
  });
}

/**
 * A box of gift cards on the screen: started or continued through the executor, worked through by
 * the runner (box-runner.ts), its progress from what each write announces. Leaving the screen stops
 * the runner between cards; the box stays "not finished" until it is continued.
 */
export function useBox() {
  const { perform, reads } = useOutbox();
  const { apiConfig, operatorId, scope } = useTerminal();
  const api = useMemo(() => createLoyaltyApi(apiConfig), [apiConfig]);
  const [box, setBox] = useState<CardBox | null>(null);
  const [running, setRunning] = useState(false);
  const [ended, setEnded] = useState<BoxRunEnd | null>(null);
  const [summary, setSummary] = useState<BoxSummary | null>(null);
  const [unfinished, setUnfinished] = useState<CardBox[]>([]);
  const abort = useRef<AbortController | null>(null);
  /** A box starting or being worked through here: a second tap (Start, Continue) is not a second run. */
  const busy = useRef(false);
  const boxId = box?.boxId;

  const readUnfinished = useCallback(
    () => void reads.boxes().then((all) => setUnfinished(all.filter((b) => b.state === 'running'))),
    [reads],
  );
  useEffect(() => {
    const timer = setTimeout(readUnfinished, 0);
    return () => clearTimeout(timer);
  }, [readUnfinished]);
  useEffect(() => () => abort.current?.abort(), []);
  useEffect(() => {
    if (!boxId) return undefined;
    return onOutboxChange((change) => {
      if (change.remote) void reads.box(boxId).then((b) => b && setBox(b));
      else {
        const mine = change.boxes.find((b) => b.boxId === boxId);
        if (mine) setBox(mine);
      }
    });
  }, [boxId, reads]);

  const run = useCallback(
    async (id: string) => {
      abort.current?.abort();
      const controller = new AbortController();
      abort.current = controller;
      setBox((await reads.box(id)) ?? null);
      setRunning(true);
      setEnded(null);
      setSummary(null);
      // Each card read is a lookup like any other: while lookups are paused the box stops (as when
      // the server cannot be reached), and a number the server does not know counts as a miss.
      const guard = guardOf(scope);
      const check = async (number: string): Promise<CardFound | 'unreachable' | 'paused'> => {
        if (guard.pausedUntil() !== null) return 'paused';
        try {
          const card = await getInstrument(api, 'giftCard', number, controller.signal);
          return { kind: card.kind, status: card.kind === 'loyaltyCard' ? undefined : card.status };
        } catch (error) {
          const unknown = error instanceof LoyaltyApiError && error.code === 'not_found';
          if (unknown) guard.missed();
          return unknown ? null : 'unreachable';
        }
      };
      const end = await runBox(
        id,
        { perform, reads, check, settled: (op, signal) => settledRecord(reads, op, signal) },
        controller.signal,
      ).catch(() => 'stopped' as const);
      if (controller.signal.aborted) return;
      const after = await reads.box(id);
      setRunning(false);
      setEnded(end);
      if (after) {
        setBox(after);
        setSummary(await summarize(reads, after));
      }
      readUnfinished();
    },
    [api, perform, reads, readUnfinished, scope],
  );

  return {
    box,
    running,
    ended,
    summary,
    unfinished,
    /**
     * Starts a box, unless one is starting or running here, or a box not finished holds some of its
     * cards (the outbox refuses it in its write: that box is continued instead).
     */
    start: async (numbers: string[], amount: Minor | undefined): Promise<{ overlaps: CardBox } | null> => {
      if (busy.current) return null;
      busy.current = true;
      try {
        const started = await perform({ type: 'startBox', numbers, amount, operatorId });
        if ('overlaps' in started) return started;
        await run(started.boxId);
      } finally {
        busy.current = false;
      }
      return null;
    },
    resume: (id: string) => {
      if (busy.current) return;
      busy.current = true;
      void run(id).finally(() => (busy.current = false));
    },
    cancel: () => (boxId ? perform({ type: 'boxEvent', boxId, event: { type: 'cancel' } }) : Promise.resolve()),
    /**
     * A box not running here (stopped early, or left unfinished) ended without continuing it: no more
     * of its cards are activated. Its summary says what was.
     */
    stop: async (id: string) => {
      if (busy.current) return;
      busy.current = true;
      try {
        await perform({ type: 'boxEvent', boxId: id, event: { type: 'cancel' } });
        const after = await reads.box(id);
        if (after?.state === 'cancelled') {
          setBox(after);
          setEnded('cancelled');
          setSummary(await summarize(reads, after));
        }
        readUnfinished();
      } finally {
        busy.current = false;
      }
    },
    reset: () => {
      setBox(null);
      setEnded(null);
      setSummary(null);
    },
  };
}
