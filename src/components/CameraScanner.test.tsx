// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useCallback, useState } from 'react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CameraScanner } from './CameraScanner';

/**
 * jsdom has no modal <dialog>: what a browser does, as far as these tests need it. showModal()
 * opens it over an inert page (the browser keeps Tab inside; jsdom cannot), Escape closes the
 * top one, and close() fires its close event.
 */
const modal: HTMLDialogElement[] = [];
beforeAll(() => {
  HTMLDialogElement.prototype.showModal = function (this: HTMLDialogElement) {
    this.open = true;
    modal.push(this);
  };
  HTMLDialogElement.prototype.close = function (this: HTMLDialogElement) {
    if (!this.open) return;
    this.open = false;
    modal.splice(modal.indexOf(this), 1);
    this.dispatchEvent(new Event('close'));
  };
  document.addEventListener('keydown', (e) => {
    if (e.key === 'Escape') modal.at(-1)?.close();
  });
});

/** A screen with the button that opens the camera, and another behind it. */
function Screen() {
  const [open, setOpen] = useState(false);
  const closed = useCallback(() => setOpen(false), []);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Scan with camera
      </button>
      <button type="button">Void sale</button>
      {open && <CameraScanner onClose={closed} />}
    </>
  );
}

/** The camera opened from its button (jsdom has no camera: "no camera" is said, Close is there). */
async function opened() {
  const user = userEvent.setup();
  render(<Screen />);
  await user.click(screen.getByRole('button', { name: 'Scan with camera' }));
  await screen.findByRole('alert');
  return { user, dialog: screen.getByRole('dialog', { name: 'Scan a card with the camera' }) };
}

afterEach(() => {
  cleanup();
  modal.length = 0; // taken away without closing
});

describe('the camera scanner, a modal dialog', () => {
  it('opens as the browser’s modal dialog (the screen behind is inert), the focus inside it', async () => {
    const { dialog } = await opened();
    expect(dialog.tagName).toBe('DIALOG');
    expect(modal).toEqual([dialog]);
    expect(dialog.contains(document.activeElement)).toBe(true);
  });

  it('Escape closes it, and the focus goes back to the button that opened it', async () => {
    const { user } = await opened();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(modal).toEqual([]);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Scan with camera' }));
  });

  it('so does "Close the camera"', async () => {
    const { user } = await opened();
    await user.click(screen.getByRole('button', { name: 'Close the camera' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(modal).toEqual([]);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Scan with camera' }));
  });
});
