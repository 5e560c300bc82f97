import { type ComponentType, type JSX, lazy, Suspense } from 'react';
import type { BatonState } from '../state/store/store';
import { useBaton } from '../state/store/useBaton';

/**
 * Parts of the page that the first paint does not show (a dialog, an error, a card of
 * a rarer kind) load on first use, so the JavaScript before the first interaction stays
 * within its budget (issue 31, scripts/check-size-budget.mjs). An importer swaps its
 * `import { X } from './X'` for `const X = lazyPart(() => import('./X').then((m) => m.X))`
 * and keeps its JSX: nothing is drawn in the part's place until its chunk has arrived.
 */
export function lazyPart<P extends object>(load: () => Promise<ComponentType<P>>): (props: P) => JSX.Element {
  const Part = lazy(() => load().then((component) => ({ default: component })));
  const Loaded = Part as unknown as ComponentType<P>;
  // biome-ignore lint/correctness/noComponentHookFactories: called once per part at module level, as React.lazy is.
  return function LazyPart(props: P) {
    return (
      <Suspense fallback={null}>
        <Loaded {...props} />
      </Suspense>
    );
  };
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
