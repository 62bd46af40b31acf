import type { TrainingServer } from '@/simulator/browser/runtime';

let starting: Promise<TrainingServer> | null = null;

/** Starts the in-page simulator once; a separate chunk, fetched only in training mode. */
export function loadTrainingServer(): Promise<TrainingServer> {
  starting ??= import('@/simulator/browser/runtime').then((m) => m.startTrainingServer());
  starting.catch(() => {
    starting = null;
  });
  return starting;
}
