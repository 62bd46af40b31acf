// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
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
