import { performance } from 'node:perf_hooks';
import { describe, expect, it } from 'vitest';
import { assistant, user } from '../../../testing/entryBuilders';
import {
  memoryRecall,
  noiseSessions,
  PLANTED_ENTRY_ID,
  PLANTED_FACT,
  recallChain,
  storedSession,
} from '../../../testing/recallFixtures';
import { estimateTextTokens } from '../context/estimateTokens';
import { toolResultText } from '../types/toolResultText';
import { readRecallResult } from './recallFormat';
import { createRecallTool, RECALL_TOOL_NAME } from './recallTool';

const signal = new AbortController().signal;

function toolFor(sessions = [...recallChain(), ...noiseSessions(40)], budget?: number) {
  const port = memoryRecall(sessions);
  const child = sessions.find((s) => s.header.id === 'c');
  if (!child) throw new Error('the chain has a child');
  return createRecallTool({ port, current: () => child.header, ...(budget !== undefined && { budget }) });
}

describe('recall tool', () => {
  it('finds a fact planted in the grandparent in the top 3 for other word forms of its words', async () => {
    const tool = toolFor();
    expect(tool.definition.name).toBe(RECALL_TOOL_NAME);
    // "deploying" and "services" appear nowhere; "deployed" and "service" do.
    const result = await tool.execute({ query: 'deploying billing services port' }, signal);
    expect(result.isError).toBeUndefined();
    const passages = readRecallResult(toolResultText(result.content));
    expect(passages.slice(0, 3).map((p) => p.entryId)).toContain(PLANTED_ENTRY_ID);
    const planted = passages.find((p) => p.entryId === PLANTED_ENTRY_ID);
    expect(planted).toMatchObject({ sessionId: 'gp', sessionTitle: 'Ship the billing service' });
    expect(result.content).toContain(PLANTED_FACT);
  });

  it('searches only the chain, never unrelated sessions', async () => {
    const tool = toolFor();
    const result = await tool.execute({ query: 'deployment checklist front end', limit: 10 }, signal);
    const sessions = new Set(readRecallResult(toolResultText(result.content)).map((p) => p.sessionId));
    for (const id of sessions) expect(['gp', 'p']).toContain(id);
  });

  it('keeps to one earlier session when asked by title', async () => {
    const tool = toolFor();
    const result = await tool.execute({ query: 'billing', session: 'part 2', limit: 10 }, signal);
    const passages = readRecallResult(toolResultText(result.content));
    expect(passages.length).toBeGreaterThan(0);
    expect(new Set(passages.map((p) => p.sessionId))).toEqual(new Set(['p']));
  });

  it('stays under its token budget however much matches', async () => {
    const long = Array.from(
      { length: 30 },
      (_, i) => `line ${i}: the billing deploy log says ${'x'.repeat(300)}`,
    );
    const [gp, p, c] = recallChain();
    if (!gp || !p || !c) throw new Error('three sessions');
    const bulky = storedSession(
      'gp',
      gp.header.title,
      Array.from({ length: 20 }, () => assistant([long.join('\n')])),
      { children: ['p'] },
    );
    const budget = 800;
    const tool = toolFor([bulky, p, c], budget);
    const result = await tool.execute({ query: 'billing deploy', limit: 10 }, signal);
    expect(readRecallResult(toolResultText(result.content)).length).toBeGreaterThan(0);
    expect(estimateTextTokens(toolResultText(result.content))).toBeLessThanOrEqual(budget);
    expect(result.content).toMatch(/more left out to stay within the budget/);
  });

  it('says what is wrong with bad input, as an error the model can fix', async () => {
    const tool = toolFor();
    expect((await tool.execute({}, signal)).isError).toBe(true);
    expect((await tool.execute({ query: 'x', limit: 0 }, signal)).isError).toBe(true);
    expect((await tool.execute({ query: 'x', other: 1 }, signal)).isError).toBe(true);
    const unknown = await tool.execute({ query: 'x', session: 'nothing like it' }, signal);
    expect(unknown.isError).toBe(true);
    expect(unknown.content).toContain('"Ship the billing service"');
  });

  it('reads back what it wrote, titles with quotes included', async () => {
    const odd = storedSession('gp', 'The "quoted" <title> & more', [user('A billing fact.')], {
      children: ['c'],
    });
    const child = storedSession('c', 'next', [], { parentSession: 'gp' });
    const tool = createRecallTool({ port: memoryRecall([odd, child]), current: () => child.header });
    const result = await tool.execute({ query: 'billing' }, signal);
    expect(readRecallResult(toolResultText(result.content))).toEqual([
      { sessionId: 'gp', entryId: 'gp-e0', sessionTitle: 'The "quoted" <title> & more', role: 'user' },
    ]);
  });

  it('answers a one-word query of 65,000 characters quickly, saying what of it was searched', async () => {
    const tool = toolFor();
    const word = 'billing'.padEnd(65_000, 'x');
    const started = performance.now();
    const result = await tool.execute({ query: word }, signal);
    expect(performance.now() - started).toBeLessThan(200);
    expect(result.isError).toBeUndefined();
    expect(result.content).toContain('Searched for the first 200 characters of the query.');
  });

  it('answers in words when the search itself fails, never with the internal error', async () => {
    const sessions = [...recallChain()];
    const port = memoryRecall(sessions);
    const child = sessions.find((s) => s.header.id === 'c');
    if (!child) throw new Error('the chain has a child');
    const tool = createRecallTool({
      port: {
        ...port,
        search: () => Promise.reject(new RangeError('Invalid typed array length: 4225520007')),
      },
      current: () => child.header,
    });
    const result = await tool.execute({ query: 'billing' }, signal);
    expect(result.isError).toBe(true);
    expect(result.content).toBe(
      'Error: the search of the earlier sessions failed. Try again, with fewer or shorter words.',
    );
  });
});
