// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/preact';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { focusWhatMountsWithAutofocus } from './autofocus';

function Confirm() {
  const [asking, setAsking] = useState(false);
  const [typed, setTyped] = useState('');
  return (
    <div>
      <input aria-label="Card number" value={typed} onChange={(e) => setTyped(e.currentTarget.value)} />
      {asking ? (
        <p>
          <button type="button" autoFocus onClick={() => setAsking(false)}>
            Keep it
          </button>
        </p>
      ) : (
        <button type="button" onClick={() => setAsking(true)}>
          Void sale
        </button>
      )}
    </div>
  );
}

const nextFrame = () => act(() => new Promise<void>((resolve) => requestAnimationFrame(() => resolve())));

describe('autoFocus', () => {
  let stop = () => {};
  afterEach(() => {
    stop();
    cleanup();
  });

  it('focuses what mounts with it, each time it mounts, as React did', async () => {
    stop = focusWhatMountsWithAutofocus(document.body);
    render(<Confirm />);
    for (let i = 0; i < 2; i += 1) {
      screen.getByRole('textbox', { name: 'Card number' }).focus();
      fireEvent.click(screen.getByRole('button', { name: 'Void sale' }));
      await nextFrame(); // the observer's callback, then the frame that paints it
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Keep it' }));
      fireEvent.click(screen.getByRole('button', { name: 'Keep it' }));
      await nextFrame();
    }
  });

  it('leaves the focus alone on a render that mounts nothing with it', async () => {
    stop = focusWhatMountsWithAutofocus(document.body);
    render(<Confirm />);
    const field = screen.getByRole('textbox', { name: 'Card number' });
    field.focus();
    fireEvent.input(field, { target: { value: '7001' } });
    await nextFrame();
    expect(document.activeElement).toBe(field);
  });

  it('is needed: without it, the attribute alone focuses nothing', async () => {
    render(<Confirm />);
    screen.getByRole('textbox', { name: 'Card number' }).focus();
    fireEvent.click(screen.getByRole('button', { name: 'Void sale' }));
    await nextFrame();
    expect(document.activeElement).not.toBe(screen.getByRole('button', { name: 'Keep it' }));
  });
});
