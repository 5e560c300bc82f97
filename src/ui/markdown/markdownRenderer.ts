/**
 * The lazily loaded half of the markdown renderer (see loadRenderer.ts): marked, DOMPurify
 * and the caches that let a block be parsed once however often it is shown.
 */
import { type BlockSplit, deferSplit, type MarkdownBlock, splitBlocks, splitSome } from './blockSplitter';
import { BoundedCache } from './boundedCache';
import { MARKDOWN_BUDGET } from './markdownBudget';
import { lexBlocks } from './markdownParser';
import type { MarkdownRenderer, SplitStep } from './rendererTypes';
import { renderMarkdownEach, renderMarkdownToHtml } from './renderMarkdown';
import { createTaskBudget, MARKDOWN_TASK_MS } from './taskBudget';

const weighText = (key: string, html: string) => key.length + html.length;

/** Shared by every message on the page: they all run in the same tasks. */
const taskBudget = createTaskBudget({ limitMs: MARKDOWN_TASK_MS });

/** Settled blocks: a finished message, or one scrolled back into view, parses nothing. */
const settledHtml = new BoundedCache<string>({ maxEntries: 5000, maxWeight: 8_000_000, weigh: weighText });

/**
 * The last few renders of growing tails. Every frame of a stream makes a new one, so they
 * stay out of the settled cache; the newest is the finished message's last block.
 */
const tailHtml = new BoundedCache<string>({ maxEntries: 8, maxWeight: 2_000_000, weigh: weighText });

/**
 * The latest split of recently shown texts, one per stream (each replaces the one before
 * it), so a remount (the finished message, a virtualised row scrolled back) skips lexing.
 */
const recentSplits = new BoundedCache<BlockSplit>({
  maxEntries: 64,
  maxWeight: 8_000_000,
  weigh: (key) => key.length,
});

function split(text: string, previous: BlockSplit | undefined, step?: SplitStep): BlockSplit {
  // A split of this text not finished yet (its `unsplit` part) goes on from where it stopped.
  const base = previous?.input === text ? previous : (recentSplits.get(text) ?? previous);
  if (base?.input === text && !base.unsplit) return base;
  const deferred = step?.lexLater ? deferSplit(text, base, step.maxNewChars) : undefined;
  // Not cached: it is only a way station, and the next call lexes from its settled blocks.
  if (deferred) return deferred;
  const next = taskBudget.measure(() =>
    step
      ? splitSome(text, base, lexBlocks, MARKDOWN_BUDGET, step.maxNewChars)
      : splitBlocks(text, base, lexBlocks, MARKDOWN_BUDGET),
  );
  if (previous && previous.input !== text && recentSplits.peek(previous.input) === previous) {
    recentSplits.delete(previous.input);
  }
  recentSplits.set(text, next);
  return next;
}

function renderBlock(text: string, settled: boolean): string {
  const kept = settledHtml.get(text);
  if (kept !== undefined) return kept;
  const html = tailHtml.get(text) ?? taskBudget.measure(() => renderMarkdownToHtml(text));
  if (settled) {
    // A tail that has stopped growing (the stream ended) moves to the long-lived cache.
    tailHtml.delete(text);
    settledHtml.set(text, html);
  } else {
    tailHtml.set(text, html);
  }
  return html;
}

/**
 * Blocks rendered together share one sanitiser pass (its cost is mostly per call), so a
 * fast stream that settles dozens of small blocks in a frame pays about once. A batch
 * stops at this many characters, which bounds its inline work whatever its markup.
 */
const BATCH_CHARS = 2000;
const BATCH_BLOCKS = 32;

function renderBatch(texts: readonly string[]): void {
  const missing = [...new Set(texts)];
  if (missing.length === 1 && missing[0] !== undefined) {
    settledHtml.set(missing[0], renderMarkdownToHtml(missing[0]));
    return;
  }
  const htmls = renderMarkdownEach(missing);
  missing.forEach((text, i) => {
    const html = htmls[i];
    if (html !== undefined) settledHtml.set(text, html);
  });
}

/** True if `text` has settled HTML; a tail rendered while it grew is moved there, not parsed again. */
function hasSettledHtml(text: string): boolean {
  if (settledHtml.peek(text) !== undefined) return true;
  const html = tailHtml.peek(text);
  if (html === undefined) return false;
  tailHtml.delete(text);
  settledHtml.set(text, html);
  return true;
}

function renderAhead(
  blocks: readonly MarkdownBlock[],
  from: number,
  limitMs = Number.POSITIVE_INFINITY,
): number {
  let ready = from;
  const started = performance.now();
  // One batch per call even past the budget: every message moves on every frame, however
  // many share the page, and a batch is small.
  let batches = 0;
  while (ready < blocks.length) {
    const block = blocks[ready];
    if (!block) break;
    if (hasSettledHtml(block.text)) {
      ready++;
      continue;
    }
    if (batches > 0 && (!taskBudget.hasTime() || performance.now() - started >= limitMs)) break;
    batches++;
    const batch: string[] = [];
    let chars = 0;
    let end = ready;
    for (; end < blocks.length && batch.length < BATCH_BLOCKS && chars < BATCH_CHARS; end++) {
      const text = blocks[end]?.text ?? '';
      if (hasSettledHtml(text)) continue;
      batch.push(text);
      chars += text.length;
    }
    taskBudget.measure(() => renderBatch(batch));
    ready = end;
  }
  return ready;
}

export const markdownRenderer: MarkdownRenderer = { split, renderBlock, renderAhead };
