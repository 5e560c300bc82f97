/**
 * Renders chat markdown. Memoised on the text so a finished message never re-renders
 * while another one streams. The parser, sanitiser and block view arrive in a separate chunk; until
 * then the text is shown as it is (React escapes it), wrapped as the source wraps.
 */
import { memo, useEffect, useState } from 'react';
import { PlainText } from '../text/PlainText';
import { afterNextPaint } from './afterNextPaint';
import { useMarkdownRenderer } from './loadRenderer';

export { preloadMarkdown } from './loadRenderer';

export const Markdown = memo(function Markdown({
  text,
  streaming = false,
  afterPaint = false,
}: {
  text: string;
  /** Still growing: its last block is cached only briefly, as it changes every frame. */
  streaming?: boolean;
  /**
   * Shown as written in the frame it first appears, formatted from the next: for text
   * whose appearance is timed (the handoff card that a switch paints, bench P2).
   */
  afterPaint?: boolean;
}) {
  const loaded = useMarkdownRenderer();
  const painted = usePaintedOnce(afterPaint);
  if (!loaded || !painted) {
    return (
      <div className="markdown markdown-plain">
        <PlainText text={text} />
      </div>
    );
  }
  return <loaded.View text={text} streaming={streaming} renderer={loaded.renderer} />;
});

/** True at once unless `wait`; then false until the first frame after mounting has been painted. */
function usePaintedOnce(wait: boolean): boolean {
  const [painted, setPainted] = useState(!wait);
  useEffect(() => {
    if (painted) return;
    return afterNextPaint(() => setPainted(true));
  }, [painted]);
  return painted;
}
