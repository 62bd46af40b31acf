// @vitest-environment jsdom
import { useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { describe, expect, it, vi } from 'vitest';
import { runEffectsAfterRender } from './effects-timing';

describe('effects', () => {
  it('run in the task after the render, without waiting for a frame to paint', async () => {
    vi.stubGlobal('requestAnimationFrame', () => 0); // a tab that paints no frame for a while
    runEffectsAfterRender();
    const ran: string[] = [];
    let show: (card: string) => void = () => {};
    function Lookup() {
      const [card, setCard] = useState('');
      show = setCard;
      useEffect(() => void (card && ran.push(card)), [card]);
      return <p>{card}</p>;
    }
    const host = document.createElement('div');
    createRoot(host).render(<Lookup />);
    show('7001');
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(host.textContent).toBe('7001');
    expect(ran).toEqual(['7001']); // Preact's own timing: after the next frame, or 35 ms without one
    vi.unstubAllGlobals();
  });
});
