// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Sale } from '@/domain/sale';
import { UpdateOffer } from './UpdateOffer';
import { useUpdateStore } from './update-store';

const sales = vi.hoisted(() => ({ open: [] as unknown[] }));
vi.mock('@/outbox/projection', () => ({ useActiveSales: () => sales.open as Sale[] }));

describe('the update offer', () => {
  afterEach(() => {
    cleanup();
    useUpdateStore.setState({ apply: null });
    sales.open = [];
  });

  it('says nothing while no new version waits', () => {
    render(<UpdateOffer />);
    expect(screen.queryByRole('button', { name: 'Update now' })).toBeNull();
  });

  it('is offered between sales, and taken only when the cashier presses it', () => {
    const apply = vi.fn();
    render(<UpdateOffer />);
    act(() => useUpdateStore.setState({ apply }));
    expect(apply).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Update now' }));
    expect(apply).toHaveBeenCalledOnce();
  });

  it('waits while a sale is open at this terminal', () => {
    sales.open = [{ transactionId: 't1', status: 'open' }];
    useUpdateStore.setState({ apply: vi.fn() });
    const { rerender } = render(<UpdateOffer />);
    expect(screen.queryByRole('button', { name: 'Update now' })).toBeNull();
    sales.open = [];
    rerender(<UpdateOffer />);
    expect(screen.getByRole('button', { name: 'Update now' })).toBeTruthy();
  });

  it('is not held back by a cash-out’s cash still owed: that stays on screen through the reload', () => {
    const owed = {
      transactionId: 'c1',
      status: 'completed',
      closed: true,
      purpose: 'cashOut',
      lines: [{ id: 'l1', kind: 'giftCard', number: '700100000009', state: { name: 'committed' } }],
    };
    sales.open = [owed];
    useUpdateStore.setState({ apply: vi.fn() });
    const { rerender } = render(<UpdateOffer />);
    expect(screen.getByRole('button', { name: 'Update now' })).toBeTruthy();
    // With a sale open beside it, the offer waits as ever.
    sales.open = [owed, { transactionId: 't1', status: 'open', lines: [] }];
    rerender(<UpdateOffer />);
    expect(screen.queryByRole('button', { name: 'Update now' })).toBeNull();
  });
});
