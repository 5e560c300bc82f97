/**
 * Loads the markdown renderer (marked, DOMPurify, the block caches, and the component
 * that draws the blocks) with a dynamic import, so none of it is in the initial chunk. The app preloads it right after its
 * first paint; the first Markdown on screen asks for it too, and shows plain text until
 * it arrives.
 */
import { useEffect, useSyncExternalStore } from 'react';
import type { RenderedMarkdown } from './RenderedMarkdown';
import type { MarkdownRenderer } from './rendererTypes';

/** The loaded chunk: the renderer, and the component drawing its blocks. */
export interface LoadedMarkdown {
  readonly renderer: MarkdownRenderer;
  readonly View: typeof RenderedMarkdown;
}

let loaded: LoadedMarkdown | undefined;
let loading: Promise<void> | undefined;
const listeners = new Set<() => void>();

/**
 * Starts loading the renderer once; later calls return the same promise. It never
 * rejects (the caller is a fire-and-forget startup step): if the chunk cannot be loaded,
 * messages stay plain text and the next call tries again.
 */
export function preloadMarkdown(): Promise<void> {
  loading ??= import('./markdownChunk').then(
    (module) => {
      loaded = { renderer: module.markdownRenderer, View: module.RenderedMarkdown };
      for (const listener of listeners) listener();
    },
    (error: unknown) => {
      loading = undefined;
      console.warn('Could not load the markdown renderer; messages are shown as plain text.', error);
    },
  );
  return loading;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const getRenderer = () => loaded;

/** The renderer once loaded, else undefined (and loading starts). */
export function useMarkdownRenderer(): LoadedMarkdown | undefined {
  const renderer = useSyncExternalStore(subscribe, getRenderer, getRenderer);
  useEffect(() => {
    if (!renderer) void preloadMarkdown();
  }, [renderer]);
  return renderer;
}
