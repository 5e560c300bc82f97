/**
 * Joins runs of deltas to the same content block into one event, so a batch of a fast
 * stream crosses to the page as a few events instead of thousands. Folding the merged
 * events into a reply (StreamAccumulator) gives the very same reply as folding the
 * originals: each of these deltas is appended to a string of its block.
 */
import type {
  RawContentBlockDelta,
  RawMessageStreamEvent,
} from '@anthropic-ai/sdk/resources/messages/messages';

type Joinable = Extract<
  RawContentBlockDelta,
  { type: 'text_delta' | 'thinking_delta' | 'input_json_delta' | 'signature_delta' }
>;

/**
 * The text of a delta this may join (one of the four kinds, its text a string), else
 * undefined. Events come from JSON.parse, so anything else (the reply fails on it later,
 * as a malformed stream) is passed on untouched.
 */
function joinableText(delta: unknown): string | undefined {
  if (typeof delta !== 'object' || delta === null) return undefined;
  const d = delta as Partial<Record<'type' | 'text' | 'thinking' | 'partial_json' | 'signature', unknown>>;
  const text =
    d.type === 'text_delta'
      ? d.text
      : d.type === 'thinking_delta'
        ? d.thinking
        : d.type === 'input_json_delta'
          ? d.partial_json
          : d.type === 'signature_delta'
            ? d.signature
            : undefined;
  return typeof text === 'string' ? text : undefined;
}

function withText(delta: Joinable, text: string): Joinable {
  switch (delta.type) {
    case 'text_delta':
      return { type: 'text_delta', text };
    case 'thinking_delta':
      return { type: 'thinking_delta', thinking: text };
    case 'input_json_delta':
      return { type: 'input_json_delta', partial_json: text };
    case 'signature_delta':
      return { type: 'signature_delta', signature: text };
  }
}

/** `events` with each run of joinable deltas of one kind to one block replaced by a single delta. */
export function mergeDeltas(events: readonly RawMessageStreamEvent[]): RawMessageStreamEvent[] {
  const out: RawMessageStreamEvent[] = [];
  // The run being joined: its first delta and its texts, joined once when it ends.
  let run: { index: number; delta: Joinable; texts: string[] } | undefined;
  const close = () => {
    if (!run) return;
    const { index, delta, texts } = run;
    out.push({
      type: 'content_block_delta',
      index,
      delta: texts.length === 1 ? delta : withText(delta, texts.join('')),
    });
    run = undefined;
  };
  for (const event of events) {
    const isDelta = typeof event === 'object' && event !== null && event.type === 'content_block_delta';
    const text = isDelta ? joinableText(event.delta) : undefined;
    if (isDelta && text !== undefined) {
      // joinableText has checked its kind and its text.
      const delta = event.delta as Joinable;
      if (run && run.index === event.index && run.delta.type === delta.type) {
        run.texts.push(text);
        continue;
      }
      close();
      run = { index: event.index, delta, texts: [text] };
      continue;
    }
    close();
    out.push(event);
  }
  close();
  return out;
}
