import { createContext, useContext } from 'react';
import type { ApiConfig } from '@/api/loyalty-api';
import type { SeriesConfig } from '@/domain/instrument';
import type { TerminalMode } from '@/lib/settings/store';
import type { ScenarioCard, ScenarioSeries } from '@/domain/training-scenario';

/** What every screen needs to know about the server it works with, live or simulated. */
export interface Terminal {
  mode: TerminalMode;
  /** How to reach the Loyalty API (createLoyaltyApi, in the API layer's chunk, makes the client from it). */
  apiConfig: ApiConfig;
  /** Separates cached data of different servers: training and live never mix. */
  scope: string;
  /**
   * Whether the saved settings, whichever window saved them, still name this server, its currency
   * and this mode (`savedWork`): the outbox begins nothing once they do not. Absent (component
   * tests): always.
   */
  stillCurrent?: (() => boolean) | undefined;
  currency: string;
  locale: string;
  /** The signed-on cashier (sent as workstationData.operatorId, recorded in the journal). */
  operatorId?: string | undefined;
  operatorName?: string | undefined;
  storeId?: number | undefined;
  workstationId?: number | undefined;
  series: SeriesConfig[];
  /** The server's own fetch and address (training: the simulator's `/_simulator/*` interface). */
  fetch: typeof fetch;
  baseUrl: string;
  training: { scenarios: ScenarioCard[]; scenarioSeries: ScenarioSeries[] } | null;
}

export const TerminalContext = createContext<Terminal | null>(null);

export function useTerminal(): Terminal {
  const terminal = useContext(TerminalContext);
  if (!terminal) throw new Error('useTerminal outside TerminalProvider');
  return terminal;
}
