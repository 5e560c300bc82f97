import { describe, expect, it } from 'vitest';
import { assistant, chain, user } from '../../../testing/entryBuilders';
import { type ModelClient, ModelError, type ModelRequest } from '../agent/types';
import type { Message, StopReason } from '../types/message';
import { firstExchangeToTitle } from './generatedTitle';
import { createSessionHeader } from './sessionLog';
import { requestTitle, TITLE_MAX_TOKENS } from './titleRequest';

const QUESTION = 'Why does my sourdough collapse in the oven?';

function exchange() {
  const header = { ...createSessionHeader({ id: 's1', model: 'm', now: 1 }), title: QUESTION };
  const found = firstExchangeToTitle(header, chain([user(QUESTION), assistant(['Your starter is weak.'])]));
  if (!found) throw new Error('expected a first exchange');
  return found;
}

/** A model that answers `text` and keeps the requests it was sent. */
function answering(text: string, stopReason: StopReason = 'end_turn') {
  const requests: ModelRequest[] = [];
  const client: ModelClient = {
    label: 'fake',
    stream: async (request): Promise<Message> => {
      requests.push(request);
      return { role: 'assistant', content: [{ type: 'text', text }], stopReason };
    },
  };
  return { client, requests };
}

const noKey = (text: string) => text;

describe('requestTitle', () => {
  it("asks the session's model once, small, without tools or thinking, with the user's text", async () => {
    const { client, requests } = answering('"Sourdough collapsing in the oven."');
    const title = await requestTitle({
      client,
      model: 'claude-sonnet-4-5',
      exchange: exchange(),
      redact: noKey,
    });
    expect(title).toBe('Sourdough collapsing in the oven');
    expect(requests).toHaveLength(1);
    const [request] = requests;
    expect(request).toMatchObject({ model: 'claude-sonnet-4-5', maxTokens: TITLE_MAX_TOKENS, tools: [] });
    expect(TITLE_MAX_TOKENS).toBeLessThanOrEqual(50);
    // Sonnet 4.5 takes a budget: off is sent as nothing at all.
    expect(request?.thinking).toBeUndefined();
    expect(request?.webSearch).toBeUndefined();
    expect(request?.system).toMatch(/at most 6 words/);
    expect(JSON.stringify(request?.messages)).toContain(QUESTION);
  });

  it('turns thinking off where it is on unless asked, and asks the least where it is always on', async () => {
    const { client, requests } = answering('Sourdough');
    await requestTitle({ client, model: 'claude-haiku-5', exchange: exchange(), redact: noKey });
    await requestTitle({ client, model: 'claude-opus-5-5', exchange: exchange(), redact: noKey });
    expect(requests.map((request) => request.thinking)).toEqual([
      { type: 'disabled' },
      { type: 'adaptive', effort: 'low' },
    ]);
  });

  it('gives nothing for a refusal or an answer cut off, so the old title stays', async () => {
    for (const stop of ['refusal', 'max_tokens'] as const) {
      const { client } = answering('Sourdough', stop);
      expect(
        await requestTitle({ client, model: 'm', exchange: exchange(), redact: noKey }),
        stop,
      ).toBeUndefined();
    }
  });

  it('rejects as the port does when the request fails', async () => {
    const client: ModelClient = {
      label: 'failing',
      stream: () => Promise.reject(new ModelError('overloaded', 'The API is overloaded.', 529)),
    };
    await expect(requestTitle({ client, model: 'm', exchange: exchange(), redact: noKey })).rejects.toThrow(
      'overloaded',
    );
  });
});
