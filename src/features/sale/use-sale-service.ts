import { useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useRunner } from '@/lib/operations/use-runner';
import { useTerminal } from '@/lib/terminal-context';
import { createSaleService } from './sale-service';

export function useSaleService() {
  const runner = useRunner();
  const { api, scope } = useTerminal();
  const queryClient = useQueryClient();
  return useMemo(() => createSaleService({ runner, api, scope, queryClient }), [runner, api, scope, queryClient]);
}
