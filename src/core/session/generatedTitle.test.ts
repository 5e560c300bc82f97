import { describe, expect, it } from 'vitest';
import { assistant, chain, toolResults, toolUse, user } from '../../../testing/entryBuilders';
import type { AttachmentBlock } from '../types/attachment';
import type { SessionEntry, SessionHeader } from '../types/entry';
import type { StopReason } from '../types/message';
import { cleanGeneratedTitle, firstExchangeToTitle, TITLE_TEXT_LIMIT, titlePrompt } from './generatedTitle';
import { createSessionHeader } from './sessionLog';

const QUESTION = 'How do I plan a week of hiking in the Alps?';
/** titleOfMessage(QUESTION): the title the session got from its first message. */
const AUTOMATIC = QUESTION;

function header(changes: Partial<SessionHeader> = {}): SessionHeader {
  return { ...createSessionHeader({ id: 's1', model: 'm', now: 1 }), title: AUTOMATIC, ...changes };
}

function firstExchange(stopReason: StopReason = 'end_turn'): SessionEntry[] {
  return chain([user(QUESTION), assistant(['Start in Chamonix and walk east.'], stopReason)]);
}

const picture: AttachmentBlock = {
  type: 'attachment',
  attachment: { id: 'a1', kind: 'image', mediaType: 'image/png', name: 'route.png', size: 250_000 },
};

const noKey = (text: string) => text;

describe('firstExchangeToTitle: which sessions the model names', () => {
  it('names a session after its first reply ends, over the title its first message gave it', () => {
    const exchange = firstExchangeToTitle(header(), firstExchange());
    expect(exchange).toMatchObject({ sessionId: 's1', automatic: AUTOMATIC });
    expect(exchange?.replies).toHaveLength(1);
  });

  it('counts every reply of a first run with tool rounds', () => {
    const branch = chain([
      user(QUESTION),
      assistant([toolUse('t1')], 'tool_use'),
      toolResults(),
      assistant(['Here is the plan.']),
    ]);
    expect(firstExchangeToTitle(header(), branch)?.replies).toHaveLength(2);
  });

  it('leaves a session the user renamed, or one the model has named already', () => {
    expect(firstExchangeToTitle(header({ title: 'Alps trip' }), firstExchange())).toBeUndefined();
  });

  it('leaves a handoff child: its Goal names it', () => {
    expect(firstExchangeToTitle(header({ parentSession: 'p1' }), firstExchange())).toBeUndefined();
  });

  it('asks nothing after a stopped, failed, refused or interrupted first reply', () => {
    for (const stop of ['aborted', 'error', 'refusal', 'interrupted'] as const)
      expect(firstExchangeToTitle(header(), firstExchange(stop)), stop).toBeUndefined();
  });

  it('asks nothing after a later exchange, nor before a reply', () => {
    const later = chain([
      user(QUESTION),
      assistant(['Chamonix.']),
      user('And in winter?'),
      assistant(['No.']),
    ]);
    expect(firstExchangeToTitle(header(), later)).toBeUndefined();
    expect(firstExchangeToTitle(header(), chain([user(QUESTION)]))).toBeUndefined();
  });
});

describe('titlePrompt: what the model is shown', () => {
  it("holds the user's text and the reply, and names attached files without their bytes", () => {
    const branch = chain([user(picture, QUESTION), assistant(['Start in Chamonix.'])]);
    const exchange = firstExchangeToTitle(header(), branch);
    if (!exchange) throw new Error('expected a first exchange');
    const prompt = titlePrompt(exchange);
    expect(prompt).toContain(QUESTION);
    expect(prompt).toContain('Start in Chamonix.');
    expect(prompt).toContain('(Attached: route.png)');
    expect(prompt).not.toContain('image/png');
  });

  it('cuts a long message and a long reply to the limit each', () => {
    const long = `${QUESTION} ${'x'.repeat(10_000)}`;
    const branch = chain([user(long), assistant(['y'.repeat(10_000)])]);
    const exchange = firstExchangeToTitle(header(), branch);
    if (!exchange) throw new Error('expected a first exchange');
    const prompt = titlePrompt(exchange);
    expect(prompt).toContain(`${'x'.repeat(100)}…`);
    expect(prompt.length).toBeLessThan(2 * TITLE_TEXT_LIMIT + 200);
    expect(/y+/.exec(prompt.replace(/reply/g, ''))?.[0]).toHaveLength(TITLE_TEXT_LIMIT);
  });
});

describe('cleanGeneratedTitle: the answer as a title', () => {
  it('keeps a plain title as it is', () => {
    expect(cleanGeneratedTitle('Hiking week in the Alps', noKey)).toBe('Hiking week in the Alps');
  });

  it('drops quotation marks, a trailing full stop and Markdown marks', () => {
    expect(cleanGeneratedTitle('"Hiking week in the Alps"', noKey)).toBe('Hiking week in the Alps');
    expect(cleanGeneratedTitle('“Wanderwoche in den Alpen”', noKey)).toBe('Wanderwoche in den Alpen');
    expect(cleanGeneratedTitle('Hiking week in the Alps.', noKey)).toBe('Hiking week in the Alps');
    expect(cleanGeneratedTitle('## **Hiking week** in the `Alps`', noKey)).toBe('Hiking week in the Alps');
    expect(cleanGeneratedTitle('Title: Hiking week', noKey)).toBe('Hiking week');
    expect(cleanGeneratedTitle('**Title:** Hiking week', noKey)).toBe('Hiking week');
  });

  it('takes one line of a multi-line answer, past a lead-in', () => {
    expect(cleanGeneratedTitle('Hiking week in the Alps\n\nI chose this because…', noKey)).toBe(
      'Hiking week in the Alps',
    );
    expect(cleanGeneratedTitle('Here is a title:\n\nHiking week in the Alps', noKey)).toBe(
      'Hiking week in the Alps',
    );
  });

  it('cuts a long title to the titles’ length', () => {
    const title = cleanGeneratedTitle(`Hiking ${'week '.repeat(9)}in the Alps`, noKey) ?? '';
    expect(title.length).toBeLessThanOrEqual(60);
  });

  it('gives nothing for an empty, blank or junk answer, so the old title stays', () => {
    expect(cleanGeneratedTitle('', noKey)).toBeUndefined();
    expect(cleanGeneratedTitle('  \n "" \n', noKey)).toBeUndefined();
    expect(cleanGeneratedTitle('...', noKey)).toBeUndefined();
    expect(cleanGeneratedTitle('New session', noKey)).toBeUndefined();
    const reply =
      'Sure! To plan a week of hiking you should first decide on a region and then check the huts';
    expect(cleanGeneratedTitle(reply, noKey)).toBeUndefined();
  });

  it('takes the key out', () => {
    const key = 'sk-ant-api03-SECRETSECRETSECRETSECRET';
    const redact = (text: string) => text.split(key).join('[key]');
    expect(cleanGeneratedTitle(`Key ${key} leaked`, redact)).toBe('Key [key] leaked');
  });
});
