import { Icon } from './Icon';
import { useT } from '@/lib/i18n';

/**
 * The submit of a card number's row: the magnifier and "Look up" where there is room; where the
 * row is narrow (a phone, a tablet upright) the magnifier alone, so the field keeps the room for a
 * 16-digit number on the same line. The word stays its name for a screen reader.
 */
export function LookupButton({ primary = false }: { primary?: boolean }) {
  const t = useT();
  return (
    <button type="submit" className={primary ? 'button button-primary button-large' : 'button button-large'}>
      <Icon name="lookup" size="1.25em" />
      <span className="lookup-word">{t('lookup.submit')}</span>
    </button>
  );
}
