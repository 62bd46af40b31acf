import { create } from 'zustand';

interface UpdateState {
  /** A new version is installed and waiting; `apply` switches to it (the page reloads). */
  apply: (() => void) | null;
  /** The shell is cached: the terminal opens with its web server down. */
  offlineReady: boolean;
}

export const useUpdateStore = create<UpdateState>(() => ({ apply: null, offlineReady: false }));
