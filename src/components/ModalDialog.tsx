import { useLayoutEffect, useRef, useState, type AriaAttributes, type ReactNode, type RefObject } from 'react';

/**
 * A modal dialog, the browser's own: a `<dialog>` opened by showModal(), so the screen behind it is
 * inert (Tab and a screen reader stay inside) and Escape closes it (its cancel). Shown while it is
 * mounted; `onClosed` is told once it has closed, and the parent takes it away. The focus then goes
 * back to `returnFocus` (a tap does not focus a button in every browser), else to what had it as
 * the dialog opened, unless it has gone somewhere of its own. `modal-screen` (styles.css) makes it
 * the whole screen and hides it when not [open]; `className` adds the dialog's own look.
 * Its last control is the button that closes it (as Escape does), which has the focus as it opens.
 */
export function ModalDialog({
  className,
  onClosed,
  returnFocus,
  closeLabel,
  closeClassName = 'button button-large',
  children,
  ...names
}: {
  className: string;
  onClosed: () => void;
  returnFocus?: RefObject<HTMLElement | null>;
  closeLabel: string;
  closeClassName?: string;
  children: ReactNode;
} & Pick<AriaAttributes, 'aria-label' | 'aria-labelledby'>) {
  const dialog = useRef<HTMLDialogElement>(null);
  // Read before anything in the dialog takes the focus.
  const [before] = useState(() => document.activeElement);
  useLayoutEffect(() => {
    const d = dialog.current;
    if (!d || d.open) return;
    // Where <dialog> cannot be modal (jsdom), it is shown all the same.
    if (typeof d.showModal === 'function') d.showModal();
    else d.setAttribute('open', ''); // an engine without <dialog>: the attribute, not a property it does not have
  }, []);
  // Closed first (the screen behind is no longer inert), then gone.
  const closed = () => {
    onClosed();
    const now = document.activeElement;
    if (now && now !== document.body && !dialog.current?.contains(now)) return;
    const back = returnFocus?.current ?? before;
    if (back instanceof HTMLElement && back.isConnected && back !== document.body) back.focus();
  };
  const close = () => {
    const d = dialog.current;
    // Its close event follows, as after Escape.
    if (d?.open && typeof d.close === 'function') d.close();
    else closed();
  };
  return (
    <dialog ref={dialog} className={`modal-screen ${className}`} {...names} onClose={closed}>
      {children}
      <button type="button" className={closeClassName} autoFocus onClick={close}>
        {closeLabel}
      </button>
    </dialog>
  );
}
