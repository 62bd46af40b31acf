import { useMemo } from 'react';
import { useTerminal } from '@/lib/terminal-context';
import { journal } from './journal';
import { createRunner } from './runner';

/** The recorded operation path, bound to the server the terminal works with now. */
export function useRunner() {
  const { api, scope, mode, operatorId } = useTerminal();
  return useMemo(() => createRunner({ api, journal: journal(), scope, training: mode === 'training', operatorId }), [api, scope, mode, operatorId]);
}
