// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { Menu } from './Menu';

describe('the header menu by keyboard', () => {
  afterEach(cleanup);

  it('Escape inside the open menu closes it and gives the focus back to its button', async () => {
    const user = userEvent.setup();
    render(<Menu />);
    const button = screen.getByRole('button', { name: /Menu/ });
    button.focus();
    await user.keyboard('{Enter}');
    await user.tab();
    expect(document.activeElement?.textContent).toBe('Customer display');
    await user.keyboard('{Escape}');
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(button);
  });
});

describe('the header menu and a question on the screen', () => {
  afterEach(cleanup);

  it('an Escape a question has answered (its default prevented) leaves the menu open; a plain one closes it', async () => {
    const user = userEvent.setup();
    render(<Menu />);
    const button = screen.getByRole('button', { name: /Menu/ });
    await user.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    const escape = () =>
      document.body.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, cancelable: true }));
    // A question on the screen answers the Escape first (ConfirmQuestion prevents its default).
    document.addEventListener('keydown', (e) => e.preventDefault(), { capture: true, once: true });
    act(escape);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    act(escape);
    expect(button.getAttribute('aria-expanded')).toBe('false');
  });
});
