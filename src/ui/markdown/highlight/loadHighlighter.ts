/**
 * Loads the highlighter (highlight.js and its languages, highlighter.ts) with a dynamic
 * import the first time a rendered block holds code in a named language, so it is in no
 * chunk fetched before the first interaction, and not at all in chats without code.
 */
import { useEffect, useSyncExternalStore } from 'react';

export type HighlightCode = (code: string, language: string) => string | undefined;

let loaded: HighlightCode | undefined;
let loading: Promise<void> | undefined;
const listeners = new Set<() => void>();

/**
 * Starts loading once; never rejects. If the chunk cannot be loaded the code stays as
 * written (it is still readable) and the next block with code tries again.
 */
export function loadHighlighter(): Promise<void> {
  loading ??= import('./highlighter').then(
    (module) => {
      loaded = module.highlightCode;
      for (const listener of listeners) listener();
    },
    (error: unknown) => {
      loading = undefined;
      console.warn('Could not load the code highlighter; code is shown without colours.', error);
    },
  );
  return loading;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const getHighlighter = () => loaded;

/** The highlighter once loaded, else undefined; `wanted` starts loading it. */
export function useHighlighter(wanted: boolean): HighlightCode | undefined {
  const highlighter = useSyncExternalStore(subscribe, getHighlighter, getHighlighter);
  useEffect(() => {
    if (wanted && !highlighter) void loadHighlighter();
  }, [wanted, highlighter]);
  return highlighter;
}
