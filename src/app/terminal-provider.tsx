import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { instrumentKeys } from '@/api/query-keys';
import { trainingFacts } from '@/simulator/training-facts';
import { afterPaint } from '@/lib/after-paint';
import { loadTrainingServer } from './training-server';
import { useFirstScreenT } from '@/lib/i18n/translate';
import { useWarmFormatters } from '@/lib/warm-formatters';
import { scopeOf } from '@/lib/settings/scope';
import { useCashier } from '@/app/cashier-store';
import { savedWork, useLocale, useServerSettings, useTerminalMode, workOf } from '@/lib/settings/store';
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
  const t = useFirstScreenT();
  const queryClient = useQueryClient();
  const [training, setTraining] = useState<TrainingServer | null>(null);
  const [trainingError, setTrainingError] = useState<string | null>(null);

  useEffect(() => {
    if (mode !== 'training' || training) return;
    let live = true;
    // After the first paint (a request asks for it sooner if one comes first).
    const cancel = afterPaint(() =>
      loadTrainingServer().then(
        (loaded) => live && setTraining(loaded),
        (error: unknown) => live && setTrainingError(error instanceof Error ? error.message : String(error)),
      ),
    );
    return () => {
      live = false;
      cancel();
    };
  }, [mode, training]);

  // The server and who works with it: what the money path is built on. It changes when the server or
  // the cashier does, never when the training simulator finishes starting or the language changes (a
  // rebuilt money path would empty the screens' sales until they are read again).
  const connection = useMemo<Omit<Terminal, 'locale' | 'training'>>(() => {
    if (mode === 'live' && server) {
      const operatorId = cashier?.operatorId ?? server.operatorId;
      return {
        mode,
        apiConfig: { ...server, operatorId, timeoutMs: server.timeoutSeconds * 1000 },
        currency: server.currency,
        operatorId,
        operatorName: cashier?.name,
        storeId: server.storeId,
        workstationId: server.workstationId,
        series: server.series,
        fetch: globalThis.fetch.bind(globalThis),
        baseUrl: server.baseUrl,
        scope: scopeOf(mode, server),
        stillCurrent: () => savedWork() === workOf('live', server),
      };
    }
    // Training: the terminal paints and takes keys at once; each request waits for the simulator (its own chunk).
    const operatorId = cashier?.operatorId ?? 'trainee';
    const trainingFetch: typeof fetch = async (input, init) => (await loadTrainingServer()).fetch(input, init);
    return {
      mode: 'training',
      apiConfig: {
        baseUrl: trainingFacts.baseUrl,
        loyaltyGroup: trainingFacts.loyaltyGroup,
        token: trainingFacts.token,
        merchantId: trainingFacts.merchantId,
        currency: trainingFacts.currency,
        timeoutMs: 10_000,
        storeId: 1,
        workstationId: 1,
        operatorId,
        fetch: trainingFetch,
      },
      currency: trainingFacts.currency,
      operatorId,
      operatorName: cashier?.name,
      storeId: 1,
      workstationId: 1,
      series: trainingFacts.series,
      fetch: trainingFetch,
      baseUrl: trainingFacts.baseUrl,
      scope: scopeOf('training', null),
      stillCurrent: () => savedWork() === workOf('training', null),
    };
  }, [mode, server, cashier]);

  const terminal = useMemo<Terminal>(
    () => ({
      ...connection,
      locale,
      training:
        connection.mode === 'training' && training
          ? { scenarios: training.scenarios, scenarioSeries: training.scenarioSeries }
          : null,
    }),
    [connection, locale, training],
  );

  useWarmFormatters(locale, terminal.currency);

  const scope = terminal?.scope;
  useEffect(() => {
    // Another server: nothing read from the previous one may be shown.
    queryClient.removeQueries(instrumentKeys.fromOtherServers(scope));
  }, [scope, queryClient]);

  return (
    <TerminalContext.Provider value={terminal}>
      {mode === 'training' && trainingError && (
        <p role="alert" className="notice notice-error">
          {t('training.startFailed', { reason: trainingError })}
        </p>
      )}
      {children}
    </TerminalContext.Provider>
  );
}
