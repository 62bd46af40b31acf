import { useEffect, useId, useRef, useState } from 'react';
import { CameraButton } from '@/components/CameraButton';
import { Icon } from '@/components/Icon';
import { LocaleSelect } from '@/components/LocaleSelect';
import { openCustomerDisplay } from '@/features/customer-display/open-display';
import { useCashier } from '@/app/cashier-store';
import { useFirstScreenT } from '@/lib/i18n/translate';
import { useNavigationActions } from '@/lib/navigation-store';

/**
 * One menu for what is not a screen: the camera, the customer display, the language, signing off.
 * A disclosure (a button and the panel it opens), closed by Escape, a tap outside, or a choice.
 */
export function Menu() {
  const t = useFirstScreenT();
  const cashier = useCashier();
  const navigation = useNavigationActions();
  const [open, setOpen] = useState(false);
  const panel = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!open) return undefined;
    const outside = (e: PointerEvent) => {
      if (!root.current?.contains(e.target as Node)) setOpen(false);
    };
    const escape = (e: KeyboardEvent) => {
      // An Escape a question on the screen has answered (ConfirmQuestion) is not the menu's.
      if (e.key !== 'Escape' || e.defaultPrevented) return;
      setOpen(false);
      // The panel goes with its items: a keyboard inside it is put back on the menu's button.
      if (root.current?.contains(document.activeElement)) button.current?.focus();
    };
    document.addEventListener('pointerdown', outside);
    document.addEventListener('keydown', escape);
    return () => {
      document.removeEventListener('pointerdown', outside);
      document.removeEventListener('keydown', escape);
    };
  }, [open]);
  const who = cashier ? (cashier.name ?? cashier.operatorId) : null;
  /** A choice made: the panel goes, the focus back on the menu's button (a dialog it opens takes it from there). */
  const close = () => {
    setOpen(false);
    button.current?.focus();
  };
  return (
    <div className="menu" ref={root}>
      <button
        ref={button}
        type="button"
        className="button menu-button"
        aria-expanded={open}
        aria-controls={panel}
        onClick={() => setOpen((o) => !o)}
      >
        <Icon name="menu" size="1.3em" />
        <span className="menu-who">{who ?? t('menu.open')}</span>
        {who && <span className="visually-hidden"> · {t('menu.open')}</span>}
      </button>
      <div id={panel} className="menu-panel" hidden={!open}>
        {open && (
          <>
            {cashier && (
              <p className="menu-cashier">
                {t('cashier.current', {
                  name: cashier.name ? `${cashier.name} (${cashier.operatorId})` : cashier.operatorId,
                })}
              </p>
            )}
            <CameraButton onChosen={close} />
            <button
              type="button"
              className="button menu-item"
              onClick={() => {
                close();
                void openCustomerDisplay();
              }}
            >
              {t('display.open')}
            </button>
            <div className="menu-item">
              <LocaleSelect id={`${panel}-language`} label={t('menu.language')} />
            </div>
            {cashier && (
              <button
                type="button"
                className="button menu-item"
                onClick={() => {
                  close();
                  navigation.signOffAsked(true);
                }}
              >
                {t('cashier.signOff')}
              </button>
            )}
          </>
        )}
      </div>
    </div>
  );
}
