// @vitest-environment jsdom
import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TerminalMessage, TillRequest } from '@/till-client/protocol';
import { useSettingsActions } from '@/lib/settings/store';
import type { TillService } from './till-service';
import type { TillAskProps } from './TillAsk';
import { useHostChannel } from './TillBridge';

const TILL = 'https://till.example';
afterEach(cleanup);

const serviceNamed = (name: string, handled: string[]) =>
  ({
    handle: vi.fn((_r: TillRequest) => {
      handled.push(name);
      return new Promise<TerminalMessage>(() => undefined);
    }),
    askedBefore: vi.fn(async () => false),
    toGiveBack: vi.fn(async () => ({ amount: 100, together: 100, needsManager: false })),
  }) as unknown as TillService;

describe('a link’s refund whose question waited (for the cashier, for a sign-on)', () => {
  it('goes through the service of the moment of the yes, not the one of the moment the link came', async () => {
    renderHook(() => useSettingsActions()).result.current.tillOriginsSaved([TILL]);
    const handled: string[] = [];
    const before = serviceNamed('before sign-on', handled);
    const after = serviceNamed('after sign-on', handled);
    let asked: TillAskProps | null = null;
    const setAsk = (p: TillAskProps | null) => {
      asked = p;
    };
    window.location.hash = '';
    const hook = renderHook(({ service }) => useHostChannel(service, 'EUR', () => undefined, setAsk), {
      initialProps: { service: before },
    });
    const callback = encodeURIComponent(`${TILL}/back`);
    await act(async () => {
      window.location.hash = `#/refund?reference=R-1&amount=100&id=rf-1&callback=${callback}`;
      await new Promise((resolve) => setTimeout(resolve, 20));
    });
    expect(asked).not.toBeNull();
    // The cashier signs on: the outbox's executor (with the operator) and so the service are new.
    hook.rerender({ service: after });
    await act(async () => {
      asked?.confirm();
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    expect(handled).toEqual(['after sign-on']);
    hook.unmount();
    window.location.hash = '';
  });

  it('a till taken off the allowed list while its question waited: the yes gives nothing back and answers it nothing', async () => {
    const settings = renderHook(() => useSettingsActions()).result.current;
    settings.tillOriginsSaved([TILL]);
    const handled: string[] = [];
    const notices: unknown[] = [];
    let asked: TillAskProps | null = null;
    window.location.hash = '';
    const hook = renderHook(() =>
      useHostChannel(
        serviceNamed('service', handled),
        'EUR',
        (n) => notices.push(n),
        (p) => (asked = p),
      ),
    );
    const callback = encodeURIComponent(`${TILL}/back`);
    await act(async () => {
      window.location.hash = `#/refund?reference=R-2&amount=100&id=rf-2&callback=${callback}`;
      await new Promise((resolve) => setTimeout(resolve, 20));
    });
    expect(asked).not.toBeNull();
    act(() => settings.tillOriginsSaved([]));
    await act(async () => {
      asked?.confirm();
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    expect(handled).toEqual([]);
    expect(notices).toContainEqual({ type: 'badCallback', callback: `${TILL}/back` });
    hook.unmount();
    window.location.hash = '';
  });
});
