// @vitest-environment jsdom
import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TerminalMessage, TillRequest } from '@/till-client/protocol';
import { useSettingsActions } from '@/lib/settings/store';
import type { TillService } from './till-service';
import { useHostChannel } from './TillBridge';

const TILL = 'https://till.example';

afterEach(cleanup);

describe('a till’s request while the same id is still being answered', () => {
  it('shares the answer only when it is the same request: the same id with another amount is a request of its own', async () => {
    renderHook(() => useSettingsActions()).result.current.tillOriginsSaved([TILL]);
    const answers: Array<(m: TerminalMessage) => void> = [];
    const handled: TillRequest[] = [];
    const service = {
      handle: vi.fn((request: TillRequest) => {
        handled.push(request);
        return new Promise<TerminalMessage>((resolve) => answers.push(resolve));
      }),
    } as unknown as TillService;
    renderHook(() =>
      useHostChannel(
        service,
        'EUR',
        () => undefined,
        () => undefined,
      ),
    );
    const till = { postMessage: vi.fn() };
    const send = (amount: number) =>
      window.dispatchEvent(
        new MessageEvent('message', {
          origin: TILL,
          source: till as unknown as Window,
          data: { protocol: 'loyalty-terminal', version: 1, id: 'rf-1', reference: 'R-1', type: 'refund', amount },
        }),
      );
    await act(async () => {
      send(100);
      send(100); // the till resends while it waits: one request, one answer
      send(200); // the same id, another amount: not answered from the first
    });
    expect(handled.map((r) => ('amount' in r ? r.amount : null))).toEqual([100, 200]);
  });
});

describe('a till’s request by URL to a terminal page already open', () => {
  it('is read when only the fragment changes (no page load): a status asked again gets its answer', async () => {
    renderHook(() => useSettingsActions()).result.current.tillOriginsSaved([TILL]);
    const handled: TillRequest[] = [];
    const service = {
      handle: vi.fn((request: TillRequest) => {
        handled.push(request);
        return new Promise<TerminalMessage>(() => undefined);
      }),
    } as unknown as TillService;
    window.location.hash = '';
    const hook = renderHook(() =>
      useHostChannel(
        service,
        'EUR',
        () => undefined,
        () => undefined,
      ),
    );
    const callback = encodeURIComponent(`${TILL}/back`);
    await act(async () => {
      window.location.hash = `#/status?reference=R-1&callback=${callback}`; // the browser says hashchange
      await new Promise((resolve) => setTimeout(resolve, 20));
    });
    expect(handled.map((r) => [r.type, r.reference])).toEqual([['status', 'R-1']]);
    hook.unmount();
    window.location.hash = '';
  });
});
