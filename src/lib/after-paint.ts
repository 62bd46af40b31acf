/**
 * Runs `work` once the browser has painted the frame being rendered now (a frame, then a task):
 * what the first screen does not need is asked for after it is on screen, not before.
 */
export function afterPaint(work: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(work, 0);
  });
  return () => {
    cancelAnimationFrame(frame);
    clearTimeout(timer);
  };
}

/** Resolves in a later task: what follows is a task of its own, and the browser may paint or take a key between. */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}
