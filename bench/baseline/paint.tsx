/**
 * P2's baseline, `/__bench/paint.js`: the least a handoff switch must do and show. One
 * readwrite transaction putting what the switch stores (the new session's header and
 * its handoff entry, the old header with its child link, the active-session setting),
 * then one React render of a one-message chat (the handoff document, as plain
 * paragraphs, in an article named as the app names its card) into a box over the page,
 * timed until painted by the same `whenPainted` as every Baton figure
 * (bench/lib/instrument.ts). No store, no list, no markdown, no virtualiser.
 *
 * Imported into the app's page, like bare.js, so it writes to the same database in the
 * same page state. A build of its own: React is not loaded into pages that only seed.
 */
import { createRoot } from 'react-dom/client';
import type { HandoffSwitchRecords } from '../../src/core/handoff/handoffSwitch';
import type { BenchHooks } from '../lib/instrument';
import { database, putHandoffRecords } from './db';

export interface WriteAndPaintTiming {
  start: number;
  /** The transaction completed. */
  written: number;
  /** The chat painted (bench/lib/instrument.ts's definition). */
  end: number;
  seen: number;
}

function OneMessageChat({ title, text }: { title: string; text: string }) {
  return (
    <main>
      <h1>{title}</h1>
      <article aria-label="Handoff document">
        {text.split(/\n{2,}/).map((paragraph, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: rendered once and never reordered, so the position is the identity.
          <p key={i}>{paragraph}</p>
        ))}
      </article>
    </main>
  );
}

function hooks(): BenchHooks {
  const bench = window.__bench;
  if (!bench) throw new Error('bench hooks missing');
  return bench;
}

/**
 * Writes `records` in one transaction, then renders the one-message chat and waits until
 * it is painted. The box and its React root exist before the timing starts, as the
 * app's root does; everything drawn into them is timed. Removed again afterwards.
 */
export async function writeAndPaint(
  records: HandoffSwitchRecords,
  chat: { title: string; text: string },
  timeoutMs: number,
): Promise<WriteAndPaintTiming> {
  const bench = hooks();
  const db = await database();
  const host = document.createElement('div');
  host.setAttribute('data-bench', 'p2-baseline');
  host.style.cssText =
    'position:fixed;inset:0;z-index:2147483647;overflow:auto;background:#fff;color:#000;font:16px/1.5 system-ui;pointer-events:none';
  document.body.append(host);
  const root = createRoot(host);
  try {
    const start = performance.now();
    await putHandoffRecords(db, records);
    const written = performance.now();
    const painted = bench.whenPainted(
      () => bench.onScreen(host.querySelector('article[aria-label="Handoff document"]')),
      timeoutMs,
    );
    root.render(<OneMessageChat title={chat.title} text={chat.text} />);
    const { seen, painted: end } = await painted;
    return { start, written, end, seen };
  } finally {
    root.unmount();
    host.remove();
  }
}
