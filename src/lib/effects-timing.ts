import { options } from 'preact';

/**
 * Effects run in the task right after the render that asked for them, as React runs them, not
 * after the next frame has painted (Preact's default, up to a frame later on a slow tablet). A
 * lookup's request starts in an effect (React Query's), so a scan's request goes a frame sooner.
 */
export function runEffectsAfterRender(): void {
  const channel = new MessageChannel();
  let queued: (() => void)[] = [];
  channel.port1.onmessage = () => {
    const run = queued;
    queued = [];
    for (const flush of run) flush();
  };
  options.requestAnimationFrame = (flush) => {
    queued.push(flush);
    if (queued.length === 1) channel.port2.postMessage(null);
  };
}
