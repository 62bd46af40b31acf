import { useT, type MessageKey } from '@/lib/i18n';

/**
 * A form field's refusal in words, under the field (its id is the field's aria-describedby).
 * The schema's message is the key's last part: `validation.<message>`, with the values it names.
 */
export function FieldMessage({
  id,
  error,
  vars,
}: {
  id: string;
  error: { message?: string | undefined } | undefined;
  vars?: Record<string, string | number>;
}) {
  const t = useT();
  if (!error?.message) return null;
  return (
    <p id={id} className="field-error" role="alert">
      {t(`validation.${error.message}` as MessageKey, vars ?? {})}
    </p>
  );
}
