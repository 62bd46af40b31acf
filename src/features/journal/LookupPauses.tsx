import { useT } from '@/lib/i18n';
import { useLookupPauses } from '@/lib/card-lookup';
import { useTerminal } from '@/lib/terminal-context';

/** Each pause of lookups (card-number guessing) in this scope (training, or the live server), newest first, and whether a manager lifted it. */
export function LookupPauses() {
  const t = useT();
  const { locale, scope } = useTerminal();
  const pauses = useLookupPauses(scope);
  if (pauses.length === 0) return null;
  const at = (ms: number) => new Date(ms).toLocaleString(locale);
  return (
    <section className="panel" aria-labelledby="pauses-heading">
      <h3 id="pauses-heading">{t('journal.pauses')}</h3>
      <ul>
        {[...pauses].reverse().map((p) => (
          <li key={p.at}>
            {p.liftedAt
              ? t('journal.pauseLifted', { from: at(p.at), lifted: at(p.liftedAt) })
              : t('journal.pause', { from: at(p.at), until: at(p.until) })}
          </li>
        ))}
      </ul>
    </section>
  );
}
