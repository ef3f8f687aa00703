/** Runs `task` when the browser is idle (after the first paint), to warm up lazy chunks. */
export function whenIdle(task: () => void): void {
  if (typeof window.requestIdleCallback === 'function') {
    window.requestIdleCallback(task, { timeout: 3000 });
  } else {
    window.setTimeout(task, 1500);
  }
}
