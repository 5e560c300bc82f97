/**
 * Coalesces calls to at most one per animation frame: streaming sends dozens of
 * deltas a frame, and rendering more often than the screen refreshes is waste.
 */
export function frameThrottle<T>(apply: (value: T) => void): {
  push(value: T): void;
  flush(): void;
  /** Drops the value not applied yet: what was applied last stays. */
  cancel(): void;
} {
  let pending: { value: T } | undefined;
  let scheduled = false;
  const schedule =
    typeof requestAnimationFrame === 'function'
      ? (fn: () => void) => requestAnimationFrame(fn)
      : (fn: () => void) => setTimeout(fn, 16);
  const run = () => {
    scheduled = false;
    if (!pending) return;
    const { value } = pending;
    pending = undefined;
    apply(value);
  };
  return {
    push(value) {
      pending = { value };
      if (!scheduled) {
        scheduled = true;
        schedule(run);
      }
    },
    flush: run,
    cancel() {
      pending = undefined;
    },
  };
}
