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
 * A delta this may join: one of the four kinds, its text a string. Events come from
 * JSON.parse, so anything else (the reply fails on it later, as a malformed stream) is
 * passed on untouched.
 */
function joinable(delta: unknown): delta is Joinable {
  if (typeof delta !== 'object' || delta === null || !('type' in delta)) return false;
  const text = FIELDS[String(delta.type)];
  return text !== undefined && typeof (delta as Record<string, unknown>)[text] === 'string';
}

/** Where each joinable kind keeps its text. */
const FIELDS: Record<string, string | undefined> = {
  text_delta: 'text',
  thinking_delta: 'thinking',
  input_json_delta: 'partial_json',
  signature_delta: 'signature',
};

function textOf(delta: Joinable): string {
  switch (delta.type) {
    case 'text_delta':
      return delta.text;
    case 'thinking_delta':
      return delta.thinking;
    case 'input_json_delta':
      return delta.partial_json;
    case 'signature_delta':
      return delta.signature;
  }
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
  // The run being joined: its first event and its texts, joined once when it ends.
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
    if (
      typeof event === 'object' &&
      event !== null &&
      event.type === 'content_block_delta' &&
      joinable(event.delta)
    ) {
      if (run && run.index === event.index && run.delta.type === event.delta.type) {
        run.texts.push(textOf(event.delta));
        continue;
      }
      close();
      run = { index: event.index, delta: event.delta, texts: [textOf(event.delta)] };
      continue;
    }
    close();
    out.push(event);
  }
  close();
  return out;
}
