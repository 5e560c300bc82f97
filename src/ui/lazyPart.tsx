import { type ComponentType, type JSX, useEffect, useReducer } from 'react';
import type { BatonState } from '../state/store/store';
import { useBaton } from '../state/store/useBaton';

export interface LazyPart<P> {
  (props: P): JSX.Element | null;
  /** Asks for the chunk now, so that the part's first drawing, when it comes, has it. */
  preload(): void;
}

/**
 * Parts of the page that the first paint does not show (a dialog, an error, a card of
 * a rarer kind) load on first use, so the JavaScript before the first interaction stays
 * within its budget (issue 31, scripts/check-size-budget.mjs). An importer swaps its
 * `import { X } from './X'` for `const X = lazyPart(() => import('./X').then((m) => m.X))`
 * and keeps its JSX: nothing is drawn in the part's place until its chunk has arrived.
 *
 * Not React.lazy: its failed load is thrown to the nearest error boundary for good, and a
 * chunk can fail for reasons that pass (the browser offline before the service worker
 * holds the files, a deploy that replaced them). Here a failed load draws nothing and
 * is asked for again when the browser is back online or the part is next drawn, and
 * the session around it goes on working.
 */
export function lazyPart<P extends object>(load: () => Promise<ComponentType<P>>): LazyPart<P> {
  let Loaded: ComponentType<P> | undefined;
  let loading: Promise<void> | undefined;
  const waiting = new Set<() => void>();
  function request(): void {
    if (Loaded || loading) return;
    loading = load()
      .then(
        (component) => {
          Loaded = component;
        },
        // Nothing to tell the user: the part is drawn once a later request succeeds.
        () => undefined,
      )
      .finally(() => {
        loading = undefined;
        for (const redraw of waiting) redraw();
      });
  }
  // biome-ignore lint/correctness/noComponentHookFactories: called once per part at module level, as React.lazy is.
  function Part(props: P) {
    const [, redraw] = useReducer((n: number) => n + 1, 0);
    const ready = Loaded !== undefined;
    useEffect(() => {
      if (ready) return;
      waiting.add(redraw);
      request();
      window.addEventListener('online', request);
      return () => {
        waiting.delete(redraw);
        window.removeEventListener('online', request);
      };
    }, [ready]);
    return Loaded ? <Loaded {...props} /> : null;
  }
  Part.preload = request;
  return Part;
}

/**
 * A part that is always in the page but draws nothing most of the time (a banner, a
 * progress line): its chunk is asked for only once `shown` (a store selector, the
 * component's own condition or a wider one) first holds, never at start-up. The part
 * still decides for itself what to draw.
 */
export function lazyWhen(
  shown: (state: BatonState) => boolean,
  load: () => Promise<ComponentType>,
): () => JSX.Element | null {
  const Part = lazyPart(load);
  // biome-ignore lint/correctness/noComponentHookFactories: called once per part at module level, as React.lazy is.
  return function LazyWhen() {
    const show = useBaton(shown);
    return show ? <Part /> : null;
  };
}
