import {
  createContext,
  use,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type ReactNode,
  type RefObject,
} from 'react';

/** What a question's safe answer does, and its button (the focus as the question opens). */
const Question = createContext<{ keep: () => void; keepButton: RefObject<HTMLButtonElement | null> } | null>(null);

/** Puts the focus on `element` if it can take it: on screen, not greyed out. */
function focusOn(element: unknown): boolean {
  if (!(element instanceof HTMLElement) || !element.isConnected || element === document.body) return false;
  element.focus();
  return document.activeElement === element;
}

/**
 * A question put in the place of an action's buttons ("Un-issue this card?"), answered by keyboard
 * alone. Not modal: the screen around it stays in reach (Tab goes on past it), so not a `<dialog>`.
 *
 * - As it opens, its safe answer (`KeepAnswer`) has the focus, else the question itself: a keyboard
 *   user does not hunt for it. Something in it that took the focus first (the manager's PIN, asked
 *   within the question) keeps it.
 * - Escape is the safe answer (`onKeep`), as its button is.
 * - When it goes and the focus went with it, the focus goes back to `returnFocus` (the button that
 *   asked, when the question took its place and it comes back with the answer), else to what had
 *   it as the question opened (a menu's button). After a yes that is the button again if it can be
 *   pressed; an outcome that comes later takes it with `useFocusFollows`.
 */
export function ConfirmQuestion({
  as: Panel = 'div',
  className,
  labelledBy,
  describedBy,
  onKeep,
  returnFocus,
  children,
}: {
  as?: 'div' | 'section';
  className: string;
  labelledBy: string;
  describedBy?: string | undefined;
  onKeep: () => void;
  returnFocus?: RefObject<HTMLElement | null> | undefined;
  children: ReactNode;
}) {
  const panel = useRef<HTMLDivElement>(null);
  const keepButton = useRef<HTMLButtonElement>(null);
  // Read before anything in the question takes the focus.
  const [before] = useState(() => document.activeElement);
  // As it is drawn: a key pressed the next moment is already its.
  // Never from a field someone is typing in (a till's request arrives unasked): it is there to Tab to.
  useLayoutEffect(() => {
    const question = panel.current;
    if (!question || question.contains(document.activeElement) || typingIn(document.activeElement)) return;
    if (!focusOn(keepButton.current)) focusOn(question);
  }, []);
  // Once it has gone from the page, and the button that comes back with the answer is there.
  useEffect(() => {
    const question = panel.current;
    if (!question) return undefined;
    return () => {
      // Still on screen (StrictMode's rehearsal of an unmount): nothing has gone.
      if (question.isConnected) return;
      // Somewhere of its own already (the next form, another question): left there.
      const now = document.activeElement;
      if (now && now !== document.body) return;
      // eslint-disable-next-line react-hooks/exhaustive-deps -- read as it goes: the button that came back with the answer
      if (!focusOn(returnFocus?.current)) focusOn(before);
    };
  }, [before, returnFocus]);
  return (
    <Panel
      ref={panel}
      className={className}
      role="alertdialog"
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      tabIndex={-1}
      onKeyDown={(e) => {
        if (e.key !== 'Escape' || e.defaultPrevented) return;
        e.preventDefault();
        onKeep();
      }}
    >
      <Question value={{ keep: onKeep, keepButton }}>{children}</Question>
    </Panel>
  );
}

/** The question's safe answer ("No", "Not now", "Stay signed on"): what Escape does too. */
export function KeepAnswer({ className, children }: { className: string; children: ReactNode }) {
  const question = use(Question);
  if (!question) throw new Error('KeepAnswer answers a ConfirmQuestion: put it inside one.');
  const { keep, keepButton } = question;
  return (
    <button ref={keepButton} type="button" className={className} onClick={keep}>
      {children}
    </button>
  );
}

/** A field that takes text: the focus in it is someone's typing. */
function typingIn(element: Element | null): boolean {
  if (!(element instanceof HTMLElement)) return false;
  if (element.isContentEditable || element instanceof HTMLTextAreaElement || element instanceof HTMLSelectElement)
    return true;
  return (
    element instanceof HTMLInputElement && !['button', 'checkbox', 'radio', 'submit', 'reset'].includes(element.type)
  );
}
