// @vitest-environment jsdom
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DISPLAY_CHANNEL, type DisplayMessage } from './channel';
import { CustomerDisplayPage, WINDOW_GONE_CHECK_MS } from './CustomerDisplayPage';
import { CustomerDisplayView } from './CustomerDisplayView';
import { DisplayGate } from './DisplayGate';
import type { DisplayView } from './view';

const view = (due: number, over: Partial<DisplayView> = {}): DisplayView => ({
  training: false,
  currency: 'EUR',
  locale: 'en-IE',
  status: 'open',
  due,
  paid: 0,
  remaining: due,
  tenders: [],
  ...over,
});

/** Another window of the terminal on the display's channel: what it hears, and what it says. */
function terminalWindow() {
  const channel = new BroadcastChannel(DISPLAY_CHANNEL);
  const heard: DisplayMessage[] = [];
  channel.onmessage = (event: MessageEvent) => heard.push(event.data as DisplayMessage);
  return { heard, say: (message: DisplayMessage) => channel.postMessage(message), close: () => channel.close() };
}
const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 30)));

afterEach(() => {
  cleanup();
  window.location.hash = '';
});

describe('the customer display window', () => {
  it('follows the window that opened it: another till’s sale never shows on it', async () => {
    window.location.hash = '#/customer-display?tab=till-a';
    const other = terminalWindow();
    render(<CustomerDisplayPage />);
    await settle();
    expect(other.heard).toContainEqual({ type: 'hello', tab: 'till-a' });
    other.say({ type: 'view', tab: 'till-b', view: view(999) });
    await settle();
    expect(screen.queryByText('€9.99')).toBeNull();
    other.say({ type: 'view', tab: 'till-a', view: view(4250) });
    await settle();
    expect(screen.getAllByText('€42.50').length).toBeGreaterThan(0);
    other.close();
  });

  it('is titled in the terminal’s language', async () => {
    window.location.hash = '#/customer-display?tab=till-a';
    const other = terminalWindow();
    render(<CustomerDisplayPage />);
    other.say({ type: 'view', tab: 'till-a', view: view(4250, { locale: 'de-DE' }) });
    // German is a chunk of its own: the title follows once it has come.
    expect(await screen.findByRole('heading', { name: 'Kundenanzeige' }, { timeout: 5000 })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Kundenanzeige'));
    other.close();
  });

  it('opened by its address, follows the first window that answers', async () => {
    window.location.hash = '#/customer-display';
    const other = terminalWindow();
    render(<CustomerDisplayPage />);
    other.say({ type: 'view', tab: 'till-a', view: view(4250) });
    await settle();
    other.say({ type: 'view', tab: 'till-b', view: view(999) });
    await settle();
    expect(screen.getAllByText('€42.50').length).toBeGreaterThan(0);
    expect(screen.queryByText('€9.99')).toBeNull();
    other.close();
  });

  it('opened by its address, follows a window started after the one it followed (that one may be gone)', async () => {
    window.location.hash = '#/customer-display';
    const other = terminalWindow();
    render(<CustomerDisplayPage />);
    other.say({ type: 'view', tab: 'till-a', view: view(4250) });
    await settle();
    other.say({ type: 'ask', tab: 'till-c' }); // till-a's window closed; the terminal opened in a new tab
    await settle();
    expect(other.heard).toContainEqual({ type: 'hello', tab: 'till-c' });
    other.say({ type: 'view', tab: 'till-c', view: view(1000) });
    await settle();
    expect(screen.getAllByText('€10.00').length).toBeGreaterThan(0);
    other.close();
  });

  it('opened again from another window (only its address after # changes), follows that one, not the last customer', async () => {
    window.location.hash = '#/customer-display?tab=till-a';
    const tills = terminalWindow();
    render(<CustomerDisplayPage />);
    const card = { kind: 'giftCard', last4: '0001', amount: 4250, balanceAfter: 757 } as const;
    tills.say({ type: 'view', tab: 'till-a', view: view(4250, { paid: 4250, remaining: 0, tenders: [card] }) });
    await settle();
    expect(screen.getByText(/0001/)).toBeTruthy();
    expect(screen.getByText(/€7\.57/)).toBeTruthy();
    // Till A's window closed; the cashier opens the display from window B: the same named window, no reload.
    window.location.hash = '#/customer-display?tab=till-b';
    await settle();
    expect(screen.queryByText(/0001/)).toBeNull(); // before window B has said anything
    tills.say({ type: 'view', tab: 'till-b', view: view(1000) });
    await settle();
    expect(screen.getAllByText('€10.00').length).toBeGreaterThan(0);
    expect(screen.queryByText(/0001/)).toBeNull();
    expect(screen.queryByText(/€7\.57/)).toBeNull();
    // Its hello names window B: B's gate hears it (a reload of B, too, is answered with B).
    expect(tills.heard).toContainEqual({ type: 'hello', tab: 'till-b' });
    tills.close();
  });

  it('goes idle when the window it follows is gone without a word (a crash: its Web Lock went with it)', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const held = new Set(['loyalty-terminal-tab:till-a', 'loyalty-terminal-tab:till-b']);
    vi.stubGlobal('navigator', {
      ...navigator,
      locks: { query: async () => ({ held: [...held].map((name) => ({ name })) }) },
    });
    try {
      window.location.hash = '#/customer-display?tab=till-a';
      const tills = terminalWindow();
      render(<CustomerDisplayPage />);
      const card = { kind: 'giftCard', last4: '0001', amount: 4250, balanceAfter: 757 } as const;
      tills.say({ type: 'view', tab: 'till-a', view: view(4250, { paid: 4250, remaining: 0, tenders: [card] }) });
      await settle();
      // Its window alive (another's gone): the sale stays.
      held.delete('loyalty-terminal-tab:till-b');
      await act(async () => void vi.advanceTimersByTime(WINDOW_GONE_CHECK_MS));
      await settle();
      expect(screen.getByText(/€7\.57/)).toBeTruthy();
      // Its window crashed: nothing was said, the lock is gone.
      held.delete('loyalty-terminal-tab:till-a');
      await act(async () => void vi.advanceTimersByTime(WINDOW_GONE_CHECK_MS));
      await settle();
      expect(screen.queryByText(/0001/)).toBeNull();
      expect(screen.queryByText(/€7\.57/)).toBeNull();
      // The window reloaded: its view shows again.
      held.add('loyalty-terminal-tab:till-a');
      tills.say({ type: 'view', tab: 'till-a', view: view(1000) });
      await settle();
      expect(screen.getAllByText('€10.00').length).toBeGreaterThan(0);
      tills.close();
    } finally {
      vi.useRealTimers();
      vi.unstubAllGlobals();
    }
  });

  it('answers a terminal window that starts after it (a reload) with hello, naming the window it follows', async () => {
    window.location.hash = '#/customer-display?tab=till-a';
    render(<CustomerDisplayPage />);
    const reloaded = terminalWindow();
    reloaded.say({ type: 'ask' });
    await settle();
    expect(reloaded.heard).toContainEqual({ type: 'hello', tab: 'till-a' });
    reloaded.close();
  });
});

describe('a terminal window as it starts', () => {
  it('asks for any display already open, so that one open before a reload is fed again', async () => {
    const display = terminalWindow();
    render(<DisplayGate />);
    await settle();
    expect(display.heard).toContainEqual({ type: 'ask', tab: expect.any(String) });
    display.close();
  });
});

describe('a till’s sale finished with part left for the till', () => {
  it('is not "paid, thank you": the customer sees what is still to pay', () => {
    render(<CustomerDisplayView view={view(5000, { status: 'completed', paid: 3270, remaining: 1730 })} />);
    expect(screen.queryByText(/thank you/i)).toBeNull();
    expect(screen.getByText('€17.30')).toBeTruthy();
  });
});
