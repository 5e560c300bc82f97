import { useEffect, useState } from 'react';
import { afterNextPaint } from '../markdown/afterNextPaint';

/** A hidden tab never paints: past this, the deferred part is drawn anyway. */
const HIDDEN_TAB_FALLBACK_MS = 100;

/**
 * False for the first paint of the component that calls it, when `defer` is true at its
 * mount; true from the task after that paint on (or soon, in a hidden tab). For the
 * start-up paint (bench P3): the shell, the Sessions list and the Message box are
 * painted first, and the transcript (its markdown, the virtualiser's measuring) in the
 * task after, so that the page shows its frame without waiting for them.
 */
export function useDrawnAfterFirstPaint(defer: boolean): boolean {
  const [drawn, setDrawn] = useState(!defer);
  useEffect(() => {
    if (drawn) return;
    const draw = () => setDrawn(true);
    const cancelPaint = afterNextPaint(draw);
    const fallback = setTimeout(draw, HIDDEN_TAB_FALLBACK_MS);
    return () => {
      cancelPaint();
      clearTimeout(fallback);
    };
  }, [drawn]);
  return drawn;
}
