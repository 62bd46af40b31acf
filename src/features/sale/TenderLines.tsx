import type { RefObject } from 'react';
import { forManager } from '@/api/errors';
import { Money } from '@/components/Money';
import { useBusy } from '@/components/use-busy';
import { givesBackWhateverItTook, type Sale } from '@/domain/sale';
import { isInFlight, type TenderLine } from '@/domain/tender-line';
import { useT } from '@/lib/i18n';
import { printSlip } from '@/lib/printing/print-slip';
import { useTerminal } from '@/lib/terminal-context';
import { lineName, lineStatus, toneIcon } from '@/lib/tender-line-text';
import type { SaleControls } from './SaleScreen';
import { TenderSlip, tenderSlipDoc } from '@/lib/printing/slips/sale-slips';

const printable = new Set(['authorized', 'committed', 'approved', 'partiallyApproved', 'denied']);

function Line({
  sale,
  line,
  controls,
  onRemoved,
}: {
  sale: Sale;
  line: TenderLine;
  controls: SaleControls;
  onRemoved: () => void;
}) {
  const t = useT();
  const terminal = useTerminal();
  const { busy, run } = useBusy();
  const givesBack = givesBackWhateverItTook(sale, line);
  const money = { currency: sale.currency ?? terminal.currency, locale: terminal.locale };
  const status = lineStatus(t, line, money, givesBack);
  const name = lineName(t, line);
  // A loyalty payment whose outcome is with a manager can go: its void gives back whatever it took.
  const removable = sale.status === 'open' && !isInFlight(line) && (line.state.name !== 'unknown' || givesBack);
  return (
    <li className={`tender-line tone-${status.tone}`}>
      <div className="tender-line-main">
        <span className="tender-line-name">{name}</span>
        <span className="tender-line-amount">
          <Money minor={line.amount} currency={sale.currency} />
        </span>
      </div>
      <p className="tender-line-status">
        <span aria-hidden="true" className="tone-icon">
          {toneIcon[status.tone]}
        </span>{' '}
        {status.text}
      </p>
      <div className="tender-line-actions">
        {line.state.name === 'unknown' && !forManager(line.state.reason) && (
          <button
            type="button"
            className="button"
            disabled={busy}
            onClick={() => void run(() => controls.resolve(line.payOperationId ?? ''))}
          >
            {t('sale.resolve')}
          </button>
        )}
        {printable.has(line.state.name) && (
          <button
            type="button"
            className="button"
            onClick={() =>
              void printSlip(<TenderSlip sale={sale} line={line} />, tenderSlipDoc(t, terminal, sale, line))
            }
            aria-label={t('sale.printSlipFor', { what: name })}
          >
            {t('sale.printSlip')}
          </button>
        )}
        {removable && (
          <button
            type="button"
            className="button"
            disabled={busy}
            onClick={() =>
              void run(async () => {
                await controls.act({ type: 'removeLine', lineId: line.id });
                onRemoved(); // its button goes with the line: the focus is kept on the list
              })
            }
            aria-label={t('sale.removeLine', { what: name })}
          >
            {t('sale.remove')}
          </button>
        )}
      </div>
    </li>
  );
}

/**
 * The sale's lines. `heading`: where the focus goes when what had it goes (a line removed, a card's
 * payment taken), so a keyboard is not sent back to the top of the page.
 */
export function TenderLines({
  sale,
  controls,
  heading,
}: {
  sale: Sale;
  controls: SaleControls;
  heading: RefObject<HTMLHeadingElement | null>;
}) {
  const t = useT();
  return (
    <section className="panel" aria-labelledby="lines-heading">
      <h3 id="lines-heading" ref={heading} tabIndex={-1}>
        {t('sale.lines')}
      </h3>
      {sale.lines.length === 0 ? (
        <p className="hint">{t('sale.noLines')}</p>
      ) : (
        <ul className="tender-lines" aria-live="polite">
          {sale.lines.map((line) => (
            <Line
              key={line.id}
              sale={sale}
              line={line}
              controls={controls}
              onRemoved={() => heading.current?.focus()}
            />
          ))}
        </ul>
      )}
    </section>
  );
}
