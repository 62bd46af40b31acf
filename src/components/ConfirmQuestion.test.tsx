// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useRef, useState, type ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ConfirmQuestion, KeepAnswer } from './ConfirmQuestion';
import { useFocusFollows } from './use-focus-follows';

/**
 * Operation by keyboard alone: a question put in the place of an action's buttons has the focus as
 * it opens, Escape is its safe answer, and the focus goes back to the button that asked.
 */

/** An action whose button the question takes the place of, as "Un-issue" does; `keep` is told of each safe answer. */
function Action({ keep = () => {}, inside }: { keep?: () => void; inside?: ReactNode }) {
  const [asking, setAsking] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  return (
    <>
      <button type="button">Before</button>
      {asking ? (
        <ConfirmQuestion
          className="notice"
          labelledBy="q"
          onKeep={() => (keep(), setAsking(false))}
          returnFocus={opener}
        >
          <p id="q">Throw the card away?</p>
          {inside}
          <div className="actions">
            <button type="button" onClick={() => setAsking(false)}>
              Yes, throw it away
            </button>
            <KeepAnswer className="button">No, keep it</KeepAnswer>
          </div>
        </ConfirmQuestion>
      ) : (
        <button ref={opener} type="button" onClick={() => setAsking(true)}>
          Throw away
        </button>
      )}
      <button type="button">After</button>
    </>
  );
}

const focused = () => document.activeElement;
const button = (name: string) => screen.getByRole('button', { name });

async function ask(ui: ReactNode) {
  const user = userEvent.setup();
  render(ui);
  button('Throw away').focus();
  await user.keyboard('{Enter}');
  return user;
}

describe('a question in the place of an action’s buttons', () => {
  afterEach(cleanup);

  it('opens with the focus on its safe answer, inside the question, named by its text', async () => {
    await ask(<Action />);
    const question = screen.getByRole('alertdialog', { name: 'Throw the card away?' });
    expect(focused()).toBe(button('No, keep it'));
    expect(question.contains(focused())).toBe(true);
  });

  it('Escape is the safe answer: told once, the question gone, the focus back on the button that asked', async () => {
    const keep = vi.fn();
    const user = await ask(<Action keep={keep} />);
    await user.keyboard('{Escape}');
    expect(keep).toHaveBeenCalledOnce();
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(focused()).toBe(button('Throw away'));
  });

  it('Escape from its other answer too, and its safe answer pressed, give the focus back the same way', async () => {
    const keep = vi.fn();
    const user = await ask(<Action keep={keep} />);
    await user.tab({ shift: true });
    expect(focused()).toBe(button('Yes, throw it away'));
    await user.keyboard('{Escape}');
    expect(focused()).toBe(button('Throw away'));

    await user.keyboard('{Enter}');
    await user.keyboard('{Enter}'); // No, keep it
    expect(keep).toHaveBeenCalledTimes(2);
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(focused()).toBe(button('Throw away'));
  });

  it('keeps the page’s Tab order: through its answers in reading order, and out of it on both sides (not modal)', async () => {
    const user = await ask(<Action />);
    await user.tab({ shift: true });
    expect(focused()).toBe(button('Yes, throw it away'));
    await user.tab({ shift: true });
    expect(focused()).toBe(button('Before'));
    await user.tab();
    await user.tab();
    await user.tab();
    expect(focused()).toBe(button('After'));
    expect(screen.getByRole('alertdialog')).toBeTruthy(); // still asked: leaving it is no answer
  });

  it('after its yes, the button that asked takes the focus again when it comes back', async () => {
    const user = await ask(<Action />);
    await user.tab({ shift: true });
    await user.keyboard('{Enter}'); // Yes
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(focused()).toBe(button('Throw away'));
  });

  it('an opener that stays on screen (a menu’s button) gets the focus back', async () => {
    function Menu() {
      const [open, setOpen] = useState(false);
      return (
        <>
          <button type="button" onClick={() => setOpen(true)}>
            Menu
          </button>
          {open && (
            <ConfirmQuestion className="notice" labelledBy="q" onKeep={() => setOpen(false)}>
              <p id="q">Sign off?</p>
              <KeepAnswer className="button">Stay</KeepAnswer>
            </ConfirmQuestion>
          )}
        </>
      );
    }
    const user = userEvent.setup();
    render(<Menu />);
    button('Menu').focus();
    await user.keyboard('{Enter}');
    expect(focused()).toBe(button('Stay'));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(focused()).toBe(button('Menu'));
  });

  it('without a safe answer’s button, the question itself has the focus, and Escape still answers', async () => {
    const keep = vi.fn();
    const user = userEvent.setup();
    render(
      <ConfirmQuestion className="notice" labelledBy="q" onKeep={keep}>
        <p id="q">Wait for the manager?</p>
      </ConfirmQuestion>,
    );
    expect(focused()).toBe(screen.getByRole('alertdialog'));
    await user.keyboard('{Escape}');
    expect(keep).toHaveBeenCalledOnce();
  });

  it('something in it that took the focus first (a PIN asked within it) keeps it; Escape there is the safe answer', async () => {
    const keep = vi.fn();
    const user = await ask(<Action keep={keep} inside={<input aria-label="Manager PIN" autoFocus />} />);
    expect(focused()).toBe(screen.getByLabelText('Manager PIN'));
    await user.keyboard('{Escape}');
    expect(keep).toHaveBeenCalledOnce();
    expect(focused()).toBe(button('Throw away'));
  });

  it('gone while the focus is somewhere else (the amount field edited), it leaves the focus there', async () => {
    function Amount() {
      const [asking, setAsking] = useState(false);
      return (
        <>
          <input aria-label="Amount" onChange={() => setAsking(false)} />
          <button type="button" onClick={() => setAsking(true)}>
            Give back
          </button>
          {asking && (
            <ConfirmQuestion className="notice" labelledBy="q" onKeep={() => setAsking(false)}>
              <p id="q">Give back €60.00?</p>
              <KeepAnswer className="button">Not now</KeepAnswer>
            </ConfirmQuestion>
          )}
        </>
      );
    }
    const user = userEvent.setup();
    render(<Amount />);
    button('Give back').focus();
    await user.keyboard('{Enter}');
    expect(focused()).toBe(button('Not now'));
    await user.click(screen.getByLabelText('Amount'));
    await user.keyboard('5');
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(focused()).toBe(screen.getByLabelText('Amount'));
  });
});

describe('what follows a yes takes the focus (useFocusFollows)', () => {
  afterEach(cleanup);

  /** An action sent on its yes: its button greyed out and "Sending…" until the outcome (the test's). */
  function Sent({ outcome }: { outcome?: 'done' | 'refused' }) {
    const [asking, setAsking] = useState(false);
    const [sent, setSent] = useState(false);
    const opener = useRef<HTMLButtonElement>(null);
    const { follow, followRef } = useFocusFollows();
    const sending = sent && !outcome;
    if (sent && outcome === 'done')
      return (
        <p ref={followRef} role="status" tabIndex={-1}>
          Done
        </p>
      );
    return (
      <>
        {sending && (
          <p ref={followRef} role="status" tabIndex={-1}>
            Sending…
          </p>
        )}
        {asking ? (
          <ConfirmQuestion className="notice" labelledBy="q" onKeep={() => setAsking(false)} returnFocus={opener}>
            <p id="q">Un-issue it?</p>
            <button type="button" onClick={() => (setAsking(false), setSent(true), follow())}>
              Yes
            </button>
            <KeepAnswer className="button">No</KeepAnswer>
          </ConfirmQuestion>
        ) : (
          <button
            ref={(element) => {
              opener.current = element;
              return followRef(element);
            }}
            type="button"
            disabled={sending}
            onClick={() => setAsking(true)}
          >
            Un-issue
          </button>
        )}
        <input aria-label="Card number" />
      </>
    );
  }

  async function yes(ui: ReactNode) {
    const user = userEvent.setup();
    const shown = render(ui);
    button('Un-issue').focus();
    await user.keyboard('{Enter}');
    await user.tab({ shift: true });
    await user.keyboard('{Enter}'); // Yes
    return { user, ...shown };
  }

  it('"Sending…" takes it from the question (the button is greyed out), then the outcome that replaces it', async () => {
    const { rerender } = await yes(<Sent />);
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(focused()).toBe(screen.getByText('Sending…'));
    rerender(<Sent outcome="done" />);
    expect(focused()).toBe(screen.getByText('Done'));
  });

  it('refused: the button, pressable again, takes it', async () => {
    const { rerender } = await yes(<Sent />);
    rerender(<Sent outcome="refused" />);
    expect(focused()).toBe(button('Un-issue'));
  });

  it('never takes it from where the cashier has put it, nor without a yes', async () => {
    const { user, rerender } = await yes(<Sent />);
    await user.click(screen.getByLabelText('Card number'));
    rerender(<Sent outcome="refused" />);
    expect(focused()).toBe(screen.getByLabelText('Card number'));
    cleanup();

    const user2 = userEvent.setup();
    const again = render(<Sent />);
    button('Un-issue').focus();
    await user2.keyboard('{Enter}');
    await user2.keyboard('{Escape}'); // No: the question gives the focus back itself
    expect(focused()).toBe(button('Un-issue'));
    button('Un-issue').blur();
    again.rerender(<Sent outcome="refused" />); // a render with the focus on the page, and no yes
    expect(focused()).toBe(document.body);
  });
});
