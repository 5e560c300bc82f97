/**
 * Markdown as a list of blocks, each parsed and sanitised once: while a reply streams,
 * only its last block (the unsettled tail) changes, so the work per frame does not grow
 * with the length of the reply. Settled blocks are rendered ahead within a time budget
 * per task; those not reached yet show as plain text until a later frame reaches them.
 * Past the markdown budget the rest is plain text with a note (PlainRestView).
 */
import { memo, useEffect, useLayoutEffect, useMemo, useReducer, useRef } from 'react';
import { PlainText } from '../text/PlainText';
import { afterNextPaint } from './afterNextPaint';
import { type BlockGroup, GROUP_SIZE, groupBlocks } from './blockGroups';
import type { BlockSplit, MarkdownBlock } from './blockSplitter';
import { attachCopyButtons } from './copyButtons';
import { hasLanguageCode, highlightBlocks } from './highlight/highlightBlocks';
import { useHighlighter } from './highlight/loadHighlighter';
import { PlainRestView } from './PlainRestView';
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

  // Colours come once the highlighter is loaded (the first code block asks for it); from
  // then on in the same frame as the code. Runs after the copy buttons, whatever the order.
  const highlighter = useHighlighter(hasLanguageCode(html));
  // biome-ignore lint/correctness/useExhaustiveDependencies: new `html` means React has put plain code back.
  useLayoutEffect(() => {
    if (ref.current && highlighter) highlightBlocks(ref.current, highlighter);
  }, [html, highlighter]);

  // No empty wrapper (a block of only a link definition): it would break :last-child.
  if (html === '') return null;
  // Safe: `html` comes from renderMarkdownToHtml, which escapes raw HTML and then sanitises.
  // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by renderMarkdownToHtml
  return <div ref={ref} className="markdown-block" dangerouslySetInnerHTML={{ __html: html }} />;
});

/** Text not rendered yet (a frame will): shown as written meanwhile. */
const PendingText = memo(function PendingText({ text }: { text: string }) {
  return (
    <div className="markdown-block markdown-pending">
      <PlainText text={text} />
    </div>
  );
});

/** A group's first `ready` blocks rendered, the rest as their text until a frame renders them. */
const SettledGroup = memo(function SettledGroup({
  blocks,
  ready,
  renderer,
}: {
  blocks: BlockGroup;
  ready: number;
  renderer: MarkdownRenderer;
}) {
  const rendered = blocks
    .slice(0, ready)
    .map((block) => <BlockView key={block.start} text={block.text} settled renderer={renderer} />);
  const first = blocks[ready];
  if (!first) return rendered;
  // Blocks are consecutive: their texts join to the text they cover.
  const pending = blocks
    .slice(ready)
    .map((block) => block.text)
    .join('');
  return [...rendered, <PendingText key={`pending-${first.start}`} text={pending} />];
});

/** Skipped as a whole while no block settles or becomes ready (a streaming frame changes neither). */
const SettledBlocks = memo(function SettledBlocks({
  groups,
  ready,
  renderer,
}: {
  groups: readonly BlockGroup[];
  ready: number;
  renderer: MarkdownRenderer;
}) {
  return groups.map((group, index) => (
    <SettledGroup
      key={group[0]?.start}
      blocks={group}
      // Whole groups are ready or not; only one group at a time is partly ready.
      ready={Math.max(0, Math.min(group.length, ready - index * GROUP_SIZE))}
      renderer={renderer}
    />
  ));
});

/**
 * While a reply streams, rendering its settled blocks ahead takes at most this much of a
 * frame: at a model's real pace that keeps up easily, and when text pours in faster (a
 * burst after a stall, a cached reply, a fast local model) the frame goes to showing the
 * new text, not to formatting the old. The blocks behind show as written meanwhile.
 */
const STREAMING_AHEAD_MS = 4;
/**
 * Formatting what is left, once a frame (the rest of a reply that arrived faster than it
 * was formatted, a long message opened): this much a frame, so those frames stay short.
 */
const CATCH_UP_MS = 6;
/**
 * New text with more than this many characters past the blocks already split is shown
 * first and lexed from the next frame on, this many characters a frame, so a long text
 * that arrives at once (a finished reply, a burst) paints without waiting for its
 * markdown, and no frame lexes for long. Ordinary messages are far shorter and are
 * lexed at once, as before.
 */
const LEX_STEP_CHARS = 16_000;

/**
 * How many leading settled blocks have their HTML, rendering more while the task's
 * budget lasts, and at most `aheadMs` for this message (renderer.renderAhead). `frame`
 * asks again after a frame.
 */
function useReadyCount(
  settled: readonly MarkdownBlock[],
  renderer: MarkdownRenderer,
  frame: number,
  aheadMs: number | undefined,
): number {
  // The count so far for this message: settled blocks are only ever appended to it.
  const known = useRef<{ first: MarkdownBlock | undefined; count: number }>({ first: undefined, count: 0 });
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new `frame` asks for another pass.
  return useMemo(() => {
    const from = known.current.first === settled[0] ? Math.min(known.current.count, settled.length) : 0;
    const count = renderer.renderAhead(settled, from, aheadMs);
    known.current = { first: settled[0], count };
    return count;
  }, [renderer, settled, frame, aheadMs]);
}

export function RenderedMarkdown({
  text,
  streaming,
  renderer,
}: {
  text: string;
  streaming: boolean;
  renderer: MarkdownRenderer;
}) {
  // Bumped once a frame while work is left: splitting a long text, rendering its blocks.
  const [frame, nextFrame] = useReducer((count: number) => count + 1, 0);

  // The previous split, so a growing text is lexed from its first unsettled block only.
  // Any split is a safe hint: `split` checks that the text still extends it.
  const previous = useRef<BlockSplit | undefined>(undefined);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new `frame` goes on with an unfinished split.
  const { split, fresh } = useMemo(() => {
    // New text (not a later frame's pass over the same text): a long one is shown before it is lexed.
    const fresh = previous.current?.input !== text;
    const next = renderer.split(text, previous.current, { maxNewChars: LEX_STEP_CHARS, lexLater: fresh });
    previous.current = next;
    return { split: next, fresh };
  }, [renderer, text, frame]);

  // Whether this message has streamed while shown here: its text is formatted in slices.
  const streamed = useRef(streaming);
  if (streaming) streamed.current = true;
  const aheadMs =
    streaming || (fresh && streamed.current) ? STREAMING_AHEAD_MS : fresh ? undefined : CATCH_UP_MS;
  const ready = useReadyCount(split.settled, renderer, frame, aheadMs);
  const previousGroups = useRef<readonly BlockGroup[]>([]);
  const groups = useMemo(() => {
    const next = groupBlocks(split.settled, previousGroups.current);
    previousGroups.current = next;
    return next;
  }, [split.settled]);

  const unfinished = ready < split.settled.length || split.unsplit !== undefined;
  // biome-ignore lint/correctness/useExhaustiveDependencies: every new `frame` asks for the next, even with no progress.
  useEffect(() => {
    if (!unfinished) return;
    // After the paint: what this render shows is painted first, the next slice comes after.
    return afterNextPaint(nextFrame);
  }, [unfinished, frame]);

  const { tail, plain, unsplit } = split;
  return (
    <div className="markdown">
      <SettledBlocks groups={groups} ready={ready} renderer={renderer} />
      {tail && <BlockView key={tail.start} text={tail.text} settled={!streaming} renderer={renderer} />}
      {unsplit && <PendingText text={unsplit.text} />}
      {plain && <PlainRestView rest={plain} />}
    </div>
  );
}
