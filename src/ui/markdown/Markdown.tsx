/**
 * Renders chat markdown. Memoised on the text so a finished message never re-parses or
 * re-renders while another one streams.
 */
import { memo, useLayoutEffect, useMemo, useRef } from 'react';
import { attachCopyButtons } from './copyButtons';
import { renderMarkdownToHtml } from './renderMarkdown';

export const Markdown = memo(function Markdown({ text }: { text: string }) {
  const html = useMemo(() => renderMarkdownToHtml(text), [text]);
  const ref = useRef<HTMLDivElement>(null);

  // Layout effect: the buttons appear in the same frame as the code, without a flicker.
  useLayoutEffect(() => {
    if (!ref.current || html === '') return;
    return attachCopyButtons(ref.current);
  }, [html]);

  // Safe: `html` comes from renderMarkdownToHtml, which escapes raw HTML and then sanitises.
  // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by renderMarkdownToHtml
  return <div ref={ref} className="markdown" dangerouslySetInnerHTML={{ __html: html }} />;
});
