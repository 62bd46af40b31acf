import type { LoyaltyApi } from '@/api/loyalty-api';
import type { OperationRecord } from './types';
import { createOutbox } from './outbox';
import { createPerform } from './perform';
import { createReadModel } from './read-model';
import { createSender } from './sender';
import { outboxDb } from './storage';

/**
 * The money path for one server: the outbox's write side, its reads, the one sender and the one
 * executor. A chunk of its own, fetched as the terminal starts and while its first screen paints
 * (OutboxProvider): nothing on that screen needs it until the cashier starts a sale.
 */
export function startOutbox(context: {
  api: LoyaltyApi;
  scope: string;
  training: boolean;
  operatorId?: string | undefined;
  operatorName?: string | undefined;
  tab: string;
  onAnswered: (record: OperationRecord) => void;
}) {
  const db = outboxDb();
  const { api, scope, training, operatorId, operatorName, tab, onAnswered } = context;
  const outbox = createOutbox(db, { scope, training, operatorId, operatorName });
  const reads = createReadModel(db, scope);
  const sender = createSender({ api, outbox, reads, onAnswered });
  return { outbox, reads, sender, perform: createPerform(outbox, tab) };
}

export type OutboxRuntime = ReturnType<typeof startOutbox>;
