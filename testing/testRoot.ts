/**
 * A React root for component tests in jsdom: a fresh container in the page before each
 * test of the file, unmounted and removed after it.
 */
import { act, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach } from 'vitest';

// React only flushes act() synchronously when told it runs in a test environment.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

export interface TestRoot {
  /** The element the tree is drawn in. */
  readonly container: HTMLDivElement;
  /** Draws `node`, effects and all, before returning. */
  render(node: ReactNode): void;
  /** Draws `node` and lets the microtasks it queued run (focus handed back after a commit, say). */
  renderSettled(node: ReactNode): Promise<void>;
}

/** Call at the top of a test file (it registers beforeEach and afterEach). */
export function testRoot(): TestRoot {
  let container: HTMLDivElement | undefined;
  let root: Root | undefined;
  beforeEach(() => {
    container = document.createElement('div');
    document.body.append(container);
    root = createRoot(container);
  });
  afterEach(() => {
    act(() => root?.unmount());
    container?.remove();
  });
  const current = () => {
    if (!root || !container) throw new Error('testRoot is used outside a test');
    return { root, container };
  };
  return {
    get container() {
      return current().container;
    },
    render: (node) => act(() => current().root.render(node)),
    renderSettled: (node) => act(async () => current().root.render(node)),
  };
}
