import { useEffect, useState } from 'react';
import type { Instrument } from '@/domain/instrument';
import type { SaleReturn } from '@/domain/return-flow';
import { receiptReference } from '@/domain/sale';
import { onOutboxChange } from '@/outbox/changes';
import { useOutbox } from '@/outbox/projection';
import { issuedCard } from '@/outbox/types';

/**
 * A return kept current: each write that moves it tells this screen (another window's write makes it
 * read again), and the cards it issued come from their operations' records, for their slips.
 */
export function useReturn(start: SaleReturn) {
  const { reads } = useOutbox();
  const [current, setCurrent] = useState(start);
  const [issued, setIssued] = useState<Instrument[]>([]);
  useEffect(() => {
    let live = true;
    const ids = start.lines.map((l) => l.operationId).filter((id): id is string => Boolean(id));
    const readIssued = async () => {
      const records = await Promise.all(ids.map((id) => reads.get(id)));
      const cards = records.flatMap((r) => issuedCard(r) ?? []);
      if (live) setIssued(cards);
    };
    const readReturn = async () => {
      const found = (await reads.returnsOf(start.saleId)).find((r) => r.returnId === start.returnId);
      if (live && found) setCurrent(found);
    };
    void readIssued();
    void readReturn();
    const off = onOutboxChange((change) => {
      if (change.remote) return void (readReturn(), readIssued());
      const mine = change.returns.find((r) => r.returnId === start.returnId);
      if (mine) setCurrent(mine);
      if (change.records.some((r) => ids.includes(r.id))) void readIssued();
    });
    return () => {
      live = false;
      off();
    };
  }, [reads, start]);
  return { current, issued, saleReference: receiptReference(start.saleId) };
}
