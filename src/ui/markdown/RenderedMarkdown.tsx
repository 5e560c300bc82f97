/**
 * Markdown as a list of blocks, each parsed and sanitised once: while a reply streams,
 * only its last block (the unsettled tail) changes, so the work per frame does not grow
 * with the length of the reply.
 */
import { memo, useLayoutEffect, useMemo, useRef } from 'react';
import { type BlockGroup, groupBlocks } from './blockGroups';
import type { BlockSplit } from './blockSplitter';
import { attachCopyButtons } from './copyButtons';
import type { MarkdownRenderer } from './rendererTypes';

interface BlockProps {
  text: string;
  settled: boolean;
  renderer: MarkdownRenderer;
}

const BlockView = memo(function BlockView({ text, settled, renderer }: BlockProps) {
  const html = useMemo(() => renderer.renderBlock(text, settled), [renderer, text, settled]);
  const ref = useRef<HTMLDivElement>(null);

  // Layout effect: the buttons appear in the same frame as the code, without a flicker.
  // Per block, so a block that does not change keeps its buttons (and their state).
  useLayoutEffect(() => {
    if (!ref.current || html === '') return;
    return attachCopyButtons(ref.current);
  }, [html]);

  // No empty wrapper (a block of only a link definition): it would break :last-child.
  if (html === '') return null;
  // Safe: `html` comes from renderMarkdownToHtml, which escapes raw HTML and then sanitises.
  // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by renderMarkdownToHtml
  return <div ref={ref} className="markdown-block" dangerouslySetInnerHTML={{ __html: html }} />;
});

const SettledGroup = memo(function SettledGroup({
  blocks,
  renderer,
}: {
  blocks: BlockGroup;
  renderer: MarkdownRenderer;
}) {
  return blocks.map((block) => <BlockView key={block.start} text={block.text} settled renderer={renderer} />);
});

/** Skipped as a whole while no block settles: the groups are the same until one does. */
const SettledBlocks = memo(function SettledBlocks({
  groups,
  renderer,
}: {
  groups: readonly BlockGroup[];
  renderer: MarkdownRenderer;
}) {
  return groups.map((group) => <SettledGroup key={group[0]?.start} blocks={group} renderer={renderer} />);
});

export function RenderedMarkdown({
  text,
  streaming,
  renderer,
}: {
  text: string;
  streaming: boolean;
  renderer: MarkdownRenderer;
}) {
  // The previous split, so a growing text is lexed from its first unsettled block only.
  // Any split is a safe hint: `split` checks that the text still extends it.
  const previous = useRef<BlockSplit | undefined>(undefined);
  const split = useMemo(() => {
    const next = renderer.split(text, previous.current);
    // Only the blocks that settled since the last split are new to the renderer.
    const known = previous.current?.settled.length ?? 0;
    renderer.prepareSettled(
      next.settled
        .slice(previous.current && next.settled[0] === previous.current.settled[0] ? known : 0)
        .map((block) => block.text),
    );
    previous.current = next;
    return next;
  }, [renderer, text]);

  const previousGroups = useRef<readonly BlockGroup[]>([]);
  const groups = useMemo(() => {
    const next = groupBlocks(split.settled, previousGroups.current);
    previousGroups.current = next;
    return next;
  }, [split.settled]);

  const { tail } = split;
  return (
    <div className="markdown">
      <SettledBlocks groups={groups} renderer={renderer} />
      {tail && <BlockView key={tail.start} text={tail.text} settled={!streaming} renderer={renderer} />}
    </div>
  );
}
