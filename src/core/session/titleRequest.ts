/**
 * The one small request that asks the model for a session's title (generatedTitle.ts says
 * when and what from): the session's model, since a gateway may allow no other; no tools;
 * as little thinking as the model allows; a few tokens. Through the same model port as
 * every reply, so a test drives it with any ModelClient.
 */
import type { ModelClient } from '../agent/types';
import { MIN_THINKING_BUDGET, thinkingRequestFor } from '../models/thinking';
import { cleanGeneratedTitle, type FirstExchange, TITLE_SYSTEM_PROMPT, titlePrompt } from './generatedTitle';

/** Six words fit in far fewer; an answer cut off at this is a reply, not a title. */
export const TITLE_MAX_TOKENS = 30;

export interface TitleRequestInput {
  client: ModelClient;
  /** The session's model. */
  model: string;
  exchange: FirstExchange;
  /** Takes the user's key out of the title before it is stored. */
  redact: (text: string) => string;
  signal?: AbortSignal;
}

/**
 * The model's title for the exchange, cleaned; undefined when its answer is no title (a
 * refusal, an answer cut off, empty or junk). A failed request rejects, as the port does.
 */
export async function requestTitle(input: TitleRequestInput): Promise<string | undefined> {
  const { model } = input;
  const reply = await input.client.stream(
    {
      model,
      system: TITLE_SYSTEM_PROMPT,
      messages: [{ role: 'user', content: [{ type: 'text', text: titlePrompt(input.exchange) }] }],
      tools: [],
      toolChoice: 'none',
      maxTokens: TITLE_MAX_TOKENS,
      signal: input.signal ?? new AbortController().signal,
      // Off where the model can turn it off; the least it takes where it cannot.
      thinking: thinkingRequestFor(model, {
        enabled: false,
        budgetTokens: MIN_THINKING_BUDGET,
        effort: 'low',
      }),
    },
    () => {},
  );
  if (reply.stopReason !== 'end_turn' && reply.stopReason !== 'stop_sequence') return undefined;
  const text = reply.content.flatMap((block) => (block.type === 'text' ? [block.text] : [])).join('');
  return cleanGeneratedTitle(text, input.redact);
}
