import { useFirstScreenT } from '@/lib/i18n/translate';

const digitKeys = ['7', '8', '9', '4', '5', '6', '1', '2', '3', '00', '0'] as const;

/** The on-screen keypad for amounts: it edits the text of the field it belongs to. */
/** `point`: the locale's decimal separator (a comma in German). */
export function Keypad({
  value,
  onChange,
  decimals,
  point = '.',
}: {
  value: string;
  onChange: (next: string) => void;
  decimals: number;
  point?: string;
}) {
  const t = useFirstScreenT();
  const press = (key: string) => {
    if (key === point && (decimals === 0 || value.includes(point))) return;
    const next = value === '0' && key !== point ? key : value + key;
    const fraction = next.split(point)[1];
    if (fraction !== undefined && fraction.length > decimals) return;
    onChange(next);
  };
  return (
    <div className="keypad" role="group" aria-label={t('sale.keypad')}>
      {[...digitKeys, point].map((key) => (
        <button
          key={key}
          type="button"
          className="keypad-key"
          onClick={() => press(key)}
          disabled={key === point && decimals === 0}
          tabIndex={-1}
        >
          {key}
        </button>
      ))}
      <button
        type="button"
        className="keypad-key"
        onClick={() => onChange(value.slice(0, -1))}
        aria-label={t('sale.key.backspace')}
        tabIndex={-1}
      >
        ⌫
      </button>
      <button type="button" className="keypad-key" onClick={() => onChange('')} tabIndex={-1}>
        {t('sale.key.clear')}
      </button>
    </div>
  );
}
