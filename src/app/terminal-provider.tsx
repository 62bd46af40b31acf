import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { createLoyaltyApi } from '@/api/loyalty-api';
import { instrumentQueries } from '@/api/loyalty-api';
import { loadTrainingServer } from './training-server';
import { useT } from '@/lib/i18n';
import { scopeOf } from '@/lib/settings/scope';
import { useCashier } from '@/lib/cashier/store';
import { useLocale, useServerSettings, useTerminalMode } from '@/lib/settings/store';
import { TerminalContext, type Terminal } from '@/lib/terminal-context';
import type { TrainingServer } from '@/simulator/browser/runtime';

/**
 * Chooses the server: the configured Loyalty server in live mode, the in-page simulator in
 * training mode. Cached server data is scoped by server, and dropped when the server changes.
 */
export function TerminalProvider({ children }: { children: ReactNode }) {
  const mode = useTerminalMode();
  const server = useServerSettings();
  const locale = useLocale();
  const cashier = useCashier();
  const t = useT();
  const queryClient = useQueryClient();
  const [training, setTraining] = useState<TrainingServer | null>(null);
  const [trainingError, setTrainingError] = useState<string | null>(null);

  useEffect(() => {
    if (mode !== 'training' || training) return;
    let live = true;
    loadTrainingServer().then(
      (loaded) => live && setTraining(loaded),
      (error: unknown) => live && setTrainingError(error instanceof Error ? error.message : String(error)),
    );
    return () => {
      live = false;
    };
  }, [mode, training]);

  const terminal = useMemo<Terminal | null>(() => {
    if (mode === 'live' && server) {
      const operatorId = cashier?.operatorId ?? server.operatorId;
      const api = createLoyaltyApi({ ...server, operatorId, timeoutMs: server.timeoutSeconds * 1000 });
      return {
        mode,
        api,
        locale,
        currency: server.currency,
        operatorId,
        operatorName: cashier?.name,
        storeId: server.storeId,
        workstationId: server.workstationId,
        series: server.series,
        fetch: globalThis.fetch.bind(globalThis),
        baseUrl: server.baseUrl,
        scope: scopeOf(mode, server),
        training: null,
      };
    }
    if (!training) return null;
    const operatorId = cashier?.operatorId ?? 'trainee';
    const api = createLoyaltyApi({
      baseUrl: training.baseUrl,
      loyaltyGroup: training.loyaltyGroup,
      token: training.token,
      merchantId: training.merchantId,
      currency: training.currency,
      timeoutMs: 10_000,
      storeId: 1,
      workstationId: 1,
      operatorId,
      fetch: training.fetch,
    });
    return {
      mode: 'training',
      api,
      locale,
      currency: training.currency,
      operatorId,
      operatorName: cashier?.name,
      storeId: 1,
      workstationId: 1,
      series: training.series,
      fetch: training.fetch,
      baseUrl: training.baseUrl,
      scope: scopeOf('training', null),
      training: { scenarios: training.scenarios, scenarioSeries: training.scenarioSeries },
    };
  }, [mode, server, training, locale, cashier]);

  const scope = terminal?.scope;
  useEffect(() => {
    // Another server: nothing read from the previous one may be shown.
    queryClient.removeQueries(instrumentQueries.fromOtherServers(scope));
  }, [scope, queryClient]);

  if (!terminal) {
    return (
      <p role={trainingError ? 'alert' : 'status'} className="starting">
        {trainingError ? t('training.startFailed', { reason: trainingError }) : t('training.starting')}
      </p>
    );
  }
  return <TerminalContext.Provider value={terminal}>{children}</TerminalContext.Provider>;
}
