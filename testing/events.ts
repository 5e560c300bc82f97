/**
 * Waiting for events in tests without sleeping: a promise for the next event of a type,
 * and a recorder that keeps every event in order.
 */

interface Typed {
  type: string;
}

type Subscribe<E> = (listener: (event: E) => void) => () => void;

/** Resolves with the next event of `type` (that `matches`, if given); rejects after `timeoutMs`. */
export function nextEvent<E extends Typed, T extends E['type']>(
  subscribe: Subscribe<E>,
  type: T,
  matches: (event: Extract<E, { type: T }>) => boolean = () => true,
  timeoutMs = 5_000,
): Promise<Extract<E, { type: T }>> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      unsubscribe();
      reject(new Error(`No ${type} event within ${timeoutMs} ms`));
    }, timeoutMs);
    const unsubscribe = subscribe((event) => {
      // The `type` check makes this the Extract member; TypeScript cannot narrow a generic.
      const candidate = event as Extract<E, { type: T }>;
      if (event.type !== type || !matches(candidate)) return;
      clearTimeout(timer);
      unsubscribe();
      resolve(candidate);
    });
  });
}

/** Records every event from `subscribe`; `types()` lists their types in order. */
export function recordEvents<E extends Typed>(subscribe: Subscribe<E>) {
  const events: E[] = [];
  const stop = subscribe((event) => events.push(event));
  return {
    events,
    stop,
    types: (): string[] => events.map((event) => event.type),
    ofType: <T extends E['type']>(type: T): Array<Extract<E, { type: T }>> =>
      events.filter((event): event is Extract<E, { type: T }> => event.type === type),
  };
}

/** Polls `check` on the real event loop until it holds; for effects with no event of their own. */
export async function until(
  check: () => boolean | Promise<boolean>,
  what: string,
  timeoutMs = 5_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}
