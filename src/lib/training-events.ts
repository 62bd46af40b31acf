import { create } from 'zustand';

/** Counts training resets, so features can drop their training data when the simulator starts over. */
const useTrainingEvents = create<{ resets: number }>(() => ({ resets: 0 }));

export const trainingDataReset = () => useTrainingEvents.setState((s) => ({ resets: s.resets + 1 }));
export const useTrainingResets = () => useTrainingEvents((s) => s.resets);
