import { instrumentKinds, type InstrumentKind, groupNumber } from '@/domain/instrument';
import { useT } from '@/lib/i18n';

/** Asks the cashier which kind a number is, when its prefix does not say. */
export function KindChoice({
  number,
  onChoose,
  legend,
}: {
  number: string;
  onChoose: (kind: InstrumentKind) => void;
  legend: string;
}) {
  const t = useT();
  return (
    <fieldset className="kind-choice">
      <legend>{legend}</legend>
      {instrumentKinds.map((kind) => (
        <button key={kind} type="button" className="button button-large" onClick={() => onChoose(kind)}>
          {t(`kind.${kind}`)}
          <span className="visually-hidden"> {groupNumber(number)}</span>
        </button>
      ))}
    </fieldset>
  );
}
