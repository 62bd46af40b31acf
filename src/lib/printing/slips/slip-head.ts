import type { T } from '@/lib/i18n';
import type { Terminal } from '@/lib/terminal-context';
import type { SlipDoc } from '@/lib/printing/slip-doc';

/** The top of every slip: its name and title, TRAINING in training mode, the store and till, the time, and any more lines. */
export function slipHead(
  t: T,
  terminal: Terminal,
  title: string,
  at: Date = new Date(),
  ...more: string[]
): Pick<SlipDoc, 'name' | 'training' | 'title' | 'header'> {
  return {
    name: title,
    training: terminal.mode === 'training' ? t('slip.training') : undefined,
    title,
    header: [
      t('slip.store', { store: terminal.storeId ?? '–', till: terminal.workstationId ?? '–' }),
      at.toLocaleString(terminal.locale),
      ...more,
    ],
  };
}
