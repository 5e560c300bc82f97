import type { Message } from '../../core/types/message';
import { PlainText } from '../text/PlainText';

/** "Thought for 12 s": whole seconds, at least one, as a reader counts them. */
export function thoughtLabel(message: Pick<Message, 'thinkingMs'>, thinkingNow: boolean): string {
  if (thinkingNow) return 'Thinking…';
  if (message.thinkingMs === undefined) return 'Thought';
  return `Thought for ${Math.max(1, Math.round(message.thinkingMs / 1000))} s`;
}

/**
 * The model's thinking, above its reply: collapsed to one line, expandable, shown as
 * plain text (it is the model's scratch work, not formatted prose, and never HTML).
 */
export function ThoughtView({ message, streaming }: { message: Message; streaming: boolean }) {
  let text = '';
  let redacted = 0;
  for (const block of message.content) {
    if (block.type === 'thinking' && typeof block.thinking === 'string')
      text += text && block.thinking ? `\n\n${block.thinking}` : block.thinking;
    else if (block.type === 'redacted_thinking') redacted += 1;
  }
  if (!text && redacted === 0) return null;
  // Still thinking: the stream has not closed a thinking block yet (its time is unknown).
  const thinkingNow = streaming && message.thinkingMs === undefined;
  return (
    <details className="thought">
      <summary>{thoughtLabel(message, thinkingNow)}</summary>
      {text && (
        <div className="thought-text">
          <PlainText text={text} />
        </div>
      )}
      {redacted > 0 && (
        <p className="muted">
          Part of this thinking was encrypted by the API for safety; it is kept for the model.
        </p>
      )}
    </details>
  );
}
