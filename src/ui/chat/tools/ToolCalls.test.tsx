// @vitest-environment jsdom
/**
 * The chat draws each tool call with its tool's renderer (toolRenderers.ts), through
 * MessageView as the app does: the quiet line for todo_write and handoff, one list for
 * the web searches, recall's account, and the default card for any other tool.
 */
import { act } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  chain,
  toolResult,
  toolResults,
  toolUse,
  assistant as withContent,
} from '../../../../testing/entryBuilders';
import { testRoot } from '../../../../testing/testRoot';
import { passageText, recallHeadline } from '../../../core/recall/recallFormat';
import type { SessionEntry } from '../../../core/types/entry';
import type { ContentBlock, Message } from '../../../core/types/message';
import { batonStore, initialState } from '../../../state/store/store';
import { MessageView } from '../MessageView';

const page = testRoot();

beforeEach(() => {
  batonStore.setState(initialState, true);
});

const reply = (content: ContentBlock[]): Message => ({ role: 'assistant', content, stopReason: 'tool_use' });

/** The reply, with the entries its tool results came back in (as the session holds them). */
function show(message: Message, results: ContentBlock[] = []): void {
  const entries: SessionEntry[] = chain([
    withContent(message.content, message.stopReason),
    ...(results.length > 0 ? [toolResults(...results)] : []),
  ]);
  act(() => batonStore.setState({ entries }));
  page.render(<MessageView message={message} />);
}

/** The element once it is there: the default card and recall's renderer load on first use. */
async function drawn(selector: string): Promise<Element> {
  return vi.waitFor(() => {
    const element = page.container.querySelector(selector);
    if (!element) throw new Error(`no ${selector} yet`);
    return element;
  });
}

const search = (id: string, query: string): ContentBlock => ({
  type: 'server_tool_use',
  id,
  name: 'web_search',
  input: { query },
});
const searchResult = (id: string, title: string): ContentBlock => ({
  type: 'web_search_tool_result',
  tool_use_id: id,
  content: [{ type: 'web_search_result', url: `https://example.com/${id}`, title, encrypted_content: 'x' }],
});

describe('tool calls in a reply', () => {
  it('shows todo_write and handoff as one quiet line each, after the text, unfolding to input and result', async () => {
    show(
      reply([
        { type: 'text', text: 'Planning.' },
        toolUse('t1', 'todo_write', { todos: [] }),
        toolUse('t2', 'handoff', { reason: 'full' }),
      ]),
      [
        { type: 'tool_result', tool_use_id: 't1', content: 'Todo list updated.' },
        { type: 'tool_result', tool_use_id: 't2', content: 'The user declined.', is_error: true },
      ],
    );
    await drawn('.tool-line');
    const article = page.container.querySelector('article');
    const lines = [...page.container.querySelectorAll('.tool-line')];
    expect(lines.map((line) => line.querySelector('summary')?.textContent)).toEqual([
      'Used tool todo_write · Done',
      'Used tool handoff · Failed',
    ]);
    // Folded by default: a line, not a card.
    expect(lines.map((line) => (line as HTMLDetailsElement).open)).toEqual([false, false]);
    expect(page.container.querySelector('.tool-card')).toBeNull();
    expect(article?.lastElementChild).toBe(lines[1]);
    expect([...(lines[1]?.querySelectorAll('pre') ?? [])].map((pre) => pre.textContent)).toEqual([
      '{\n  "reason": "full"\n}',
      'The user declined.',
    ]);
    expect(lines[1]?.textContent).toContain('Error');
  });

  it('says a built-in call without a result has none once the turn has ended', async () => {
    show(reply([toolUse('t1', 'todo_write', { todos: [] })]));
    expect((await drawn('.tool-line summary')).textContent).toBe('Used tool todo_write · No result');
  });

  it('lists every web search of a reply in one list before its text, each with what it found', async () => {
    show(
      reply([
        search('s1', 'relay rules'),
        searchResult('s1', 'Relay rules'),
        { type: 'text', text: 'The baton is passed in the zone.' },
        search('s2', 'takeover zone'),
        searchResult('s2', 'Zones'),
      ]),
    );
    // The lines load with the first reply that has a web search (bench P5).
    await vi.waitFor(() => {
      const lists = page.container.querySelectorAll('ul[aria-label="Web searches"]');
      expect(lists).toHaveLength(1);
      expect([...(lists[0]?.querySelectorAll('li') ?? [])].map((li) => li.textContent)).toEqual([
        'Searched: “relay rules” · Relay rules',
        'Searched: “takeover zone” · Zones',
      ]);
      expect(page.container.querySelector('article')?.firstElementChild).toBe(lists[0]);
    });
  });

  it('draws a tool it has no renderer for as a card with its name, input and result', async () => {
    const message = reply([toolUse('w1', 'get_weather', { city: 'Oslo' })]);
    show(message);
    const card = await drawn('.tool-card');
    expect(card.querySelector('summary')?.textContent).toBe('Used tool get_weather');
    expect([...(card.querySelectorAll('pre') ?? [])].map((pre) => pre.textContent)).toEqual([
      '{\n  "city": "Oslo"\n}',
    ]);
    expect(card.textContent).toContain('No result yet.');
    expect(card.querySelector('details')?.open).toBe(true);

    show(message, [toolResult('w1', 'Rain, 9 °C')]);
    expect([...(card.querySelectorAll('pre') ?? [])].map((pre) => pre.textContent)).toEqual([
      '{\n  "city": "Oslo"\n}',
      'Rain, 9 °C',
    ]);
  });

  it('starts the card collapsed when its result is long, and says when the tool failed', async () => {
    const long = Array.from({ length: 30 }, (_, i) => `line ${i}`).join('\n');
    show(reply([toolUse('r1', 'read_file', { path: 'a.txt' })]), [toolResult('r1', long)]);
    const details = await drawn('.tool-card details');
    expect(details.hasAttribute('open')).toBe(false);
    expect(details.querySelectorAll('pre')[1]?.textContent).toBe(long);

    show(reply([toolUse('r2', 'read_file', { path: 'b.txt' })]), [
      { ...toolResult('r2', 'No such file'), is_error: true },
    ]);
    const failed = await drawn('.tool-card');
    expect(failed.querySelector('summary')?.textContent).toBe('Used tool read_file · failed');
    expect(failed.textContent).toContain('ErrorNo such file');
  });

  it("gives a tool named like one of Object's properties the default card", async () => {
    show(reply([toolUse('c1', 'constructor', {})]));
    expect((await drawn('.tool-card summary')).textContent).toBe('Used tool constructor');
  });

  it("loads recall's renderer on first use and shows what it looked up", async () => {
    const passage = {
      sessionId: 's0',
      sessionTitle: 'Plan the API',
      entryId: 'e4',
      role: 'user',
      excerpt: 'x',
    };
    const result = `${recallHeadline('billing', 1, 0)}\n\n${passageText(passage, 1)}`;
    show(reply([toolUse('q1', 'recall', { query: 'billing' })]), [toolResult('q1', result)]);
    expect((await drawn('.recall-call')).textContent).toBe(
      'Looked up: billing — 1 passage from Plan the APIPlan the API: your message',
    );
  });
});
