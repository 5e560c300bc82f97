/**
 * The lazily loaded half of the markdown renderer (see loadRenderer.ts): marked, DOMPurify
 * and the caches that let a block be parsed once however often it is shown.
 */
import { type BlockSplit, splitBlocks } from './blockSplitter';
import { BoundedCache } from './boundedCache';
import { lexBlocks } from './markdownParser';
import type { MarkdownRenderer } from './rendererTypes';
import { renderMarkdownEach, renderMarkdownToHtml } from './renderMarkdown';

const weighText = (key: string, html: string) => key.length + html.length;

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

function split(text: string, previous: BlockSplit | undefined): BlockSplit {
  if (previous?.input === text) return previous;
  const remembered = recentSplits.get(text);
  if (remembered) return remembered;
  const next = splitBlocks(text, previous, lexBlocks);
  if (previous && recentSplits.peek(previous.input) === previous) recentSplits.delete(previous.input);
  recentSplits.set(text, next);
  return next;
}

function renderBlock(text: string, settled: boolean): string {
  const kept = settledHtml.get(text);
  if (kept !== undefined) return kept;
  const html = tailHtml.get(text) ?? renderMarkdownToHtml(text);
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
 * Renders the settled blocks that are not cached yet in one go, so that when a fast
 * stream settles dozens of blocks within one frame they cost one sanitiser pass.
 */
function prepareSettled(texts: readonly string[]): void {
  const missing = [...new Set(texts.filter((text) => settledHtml.peek(text) === undefined))];
  if (missing.length < 2) return; // One block: renderBlock does it just as well.
  const htmls = renderMarkdownEach(missing);
  missing.forEach((text, i) => {
    const html = htmls[i];
    if (html !== undefined) settledHtml.set(text, html);
  });
}

export const markdownRenderer: MarkdownRenderer = { split, renderBlock, prepareSettled };
