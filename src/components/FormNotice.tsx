/** What a form's last action came to, in words (a polite status region, never colour alone). */
export type Notice = { ok: boolean; text: string } | null;

export function FormNotice({ notice, id }: { notice: Notice; id?: string }) {
  return (
    <div role="status" aria-live="polite" id={id}>
      {notice && (
        <p className={`notice ${notice.ok ? 'notice-ok' : 'notice-error'}`}>
          <span aria-hidden="true">{notice.ok ? '✓ ' : '✕ '}</span>
          {notice.text}
        </p>
      )}
    </div>
  );
}
