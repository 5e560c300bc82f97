/**
 * Renders chat markdown. Memoised on the text so a finished message never re-renders
 * while another one streams. The parser, sanitiser and block view arrive in a separate chunk; until
 * then the text is shown as it is (React escapes it), wrapped as the source wraps.
 */
import { memo } from 'react';
import { PlainText } from '../text/PlainText';
import { useMarkdownRenderer } from './loadRenderer';

export { preloadMarkdown } from './loadRenderer';

export const Markdown = memo(function Markdown({
  text,
  streaming = false,
}: {
  text: string;
  /** Still growing: its last block is cached only briefly, as it changes every frame. */
  streaming?: boolean;
}) {
  const loaded = useMarkdownRenderer();
  if (!loaded) {
    return (
      <div className="markdown markdown-plain">
        <PlainText text={text} />
      </div>
    );
  }
  return <loaded.View text={text} streaming={streaming} renderer={loaded.renderer} />;
});
