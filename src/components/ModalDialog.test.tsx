// @vitest-environment jsdom
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ModalDialog } from './ModalDialog';

/**
 * Where <dialog> cannot be modal, ModalDialog sets its [open] attribute itself. A property would
 * set it only where `open` is HTMLDialogElement's reflecting accessor; in an engine without
 * HTMLDialogElement, <dialog> is an HTMLUnknownElement, `open` a plain expando, and
 * `.modal-screen:not([open])` (styles.css) would hide it. Simulated by taking the accessor away.
 */
describe('ModalDialog where <dialog> is unknown to the engine', () => {
  const descriptor = Object.getOwnPropertyDescriptor(HTMLDialogElement.prototype, 'open');
  afterEach(() => {
    if (descriptor) Object.defineProperty(HTMLDialogElement.prototype, 'open', descriptor);
    cleanup();
  });

  it('is shown (has [open]) all the same', () => {
    // As an HTMLUnknownElement has it: no `open` accessor, and no showModal.
    Object.defineProperty(HTMLDialogElement.prototype, 'open', { configurable: true, writable: true, value: false });
    const { container } = render(
      <ModalDialog className="camera-overlay" aria-label="Camera" onClosed={() => {}} closeLabel="Close">
        <p>picture</p>
      </ModalDialog>,
    );
    const dialog = container.querySelector('dialog');
    expect(dialog?.hasAttribute('open')).toBe(true);
  });
});
