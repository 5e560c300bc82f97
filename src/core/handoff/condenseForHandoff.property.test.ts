/**
 * Generated long sessions for the condenser (spec, "When the conversation no longer
 * fits"): turns of user text, assistant text and tool_use + tool_result pairs of random
 * sizes, grown to about 1×, 3× and 10× the model's window. Whatever the session, the
 * condensed request is one the Messages API accepts, fits the budget, keeps the first user
 * message and the newest whole turns, and every summarising request fits the budget too.
 * A conversation that fits comes back as the very same array.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { requestProblems } from '../../../testing/requestInvariant';
import { estimateMessagesTokens, estimateTextTokens, estimateTurnTokens } from '../context/estimateTokens';
import type { ApiContentBlock, ApiMessage } from '../types/agentMessage';
import { toolResultText } from '../types/toolResultText';
import { condenseForHandoff, type Summariser } from './condenseForHandoff';
import { CONDENSE_PROMPT_MARKER, CONDENSE_SYSTEM_PROMPT } from './condensePrompt';
import { clearOldToolResults, splitTurns } from './condenseStages';
import { handoffBudget } from './prepareHandoffRequest';

const RUNS = Math.max(1_000, Number(process.env.BATON_PROPERTY_RUNS) || 0);
const TIMEOUT_MS = Math.max(120_000, RUNS * 100);

// ---------------------------------------------------------------- generated sessions

interface CallShape {
  name: string;
  inputChars: number;
  resultChars: number;
  isError: boolean;
}

interface RoundShape {
  textChars: number;
  calls: CallShape[];
  /** The user typed something while the tools ran: it rides in the results' turn. */
  interjectChars: number;
}

interface TurnShape {
  userChars: number;
  rounds: RoundShape[];
  /** 0: the turn ends at its tool results (the model was mid-work). */
  finalChars: number;
  /** Average line length of this turn's text; long lines force cuts inside a line. */
  lineChars: number;
}

/** Sizes weighted towards the small, with the occasional huge one. */
const sizeArb = (small: number, large: number, huge: number) =>
  fc.oneof(
    { weight: 5, arbitrary: fc.integer({ min: 1, max: small }) },
    { weight: 3, arbitrary: fc.integer({ min: small, max: large }) },
    { weight: 1, arbitrary: fc.integer({ min: large, max: huge }) },
  );

const callArb: fc.Arbitrary<CallShape> = fc.record({
  name: fc.constantFrom('read_file', 'bash', 'grep', 'todo_write', 'search_the_project_documentation'),
  inputChars: sizeArb(40, 400, 4_000),
  resultChars: sizeArb(200, 6_000, 60_000),
  isError: fc.boolean(),
});

const roundArb: fc.Arbitrary<RoundShape> = fc.record({
  textChars: fc.oneof(fc.constant(0), sizeArb(100, 1_000, 8_000)),
  calls: fc.array(callArb, { minLength: 1, maxLength: 4 }),
  interjectChars: fc.oneof(
    { weight: 6, arbitrary: fc.constant(0) },
    { weight: 1, arbitrary: sizeArb(50, 500, 2_000) },
  ),
});

const turnArb: fc.Arbitrary<TurnShape> = fc.record({
  userChars: sizeArb(200, 2_000, 30_000),
  rounds: fc.array(roundArb, { maxLength: 4 }),
  finalChars: fc.oneof(
    { weight: 1, arbitrary: fc.constant(0) },
    { weight: 5, arbitrary: sizeArb(200, 3_000, 20_000) },
  ),
  lineChars: fc.constantFrom(60, 400, 5_000, 1_000_000),
});

const WORDS = ['alpha', 'build', 'cache', 'delta', 'error', 'fixture', 'graph', 'handoff', 'index', 'json'];

/** Deterministic text of exactly `length` characters, never blank, tagged so each block differs. */
function filler(length: number, tag: string, lineChars: number): string {
  let out = `${tag} `;
  let line = out.length;
  let i = 0;
  while (out.length < length) {
    const word = WORDS[(i * 7 + tag.length) % WORDS.length] ?? 'x';
    i++;
    if (line + word.length >= lineChars) {
      out += '\n';
      line = 0;
    }
    out += `${word} `;
    line += word.length + 1;
  }
  return out.slice(0, Math.max(1, length)).trimEnd() || tag;
}

/**
 * One turn as valid alternating API messages (`t` makes its ids and texts unique), every
 * size multiplied by `scale` so that sessions of many short turns come up as well.
 */
function buildTurn(shape: TurnShape, t: number, scale: number): ApiMessage[] {
  const size = (chars: number) => Math.max(1, Math.round(chars * scale));
  const text = (chars: number, what: string): ApiContentBlock => ({
    type: 'text',
    text: filler(size(chars), `[t${t} ${what}]`, shape.lineChars),
  });
  const messages: ApiMessage[] = [{ role: 'user', content: [text(shape.userChars, 'user')] }];
  shape.rounds.forEach((round, r) => {
    const ids = round.calls.map((_, c) => `toolu_${t}_${r}_${c}`);
    messages.push({
      role: 'assistant',
      content: [
        ...(round.textChars > 0 ? [text(round.textChars, `assistant ${r}`)] : []),
        ...round.calls.map(
          (call, c): ApiContentBlock => ({
            type: 'tool_use',
            id: ids[c] ?? '',
            name: call.name,
            input: { path: filler(size(call.inputChars), `[t${t} input ${r}.${c}]`, 1_000_000) },
          }),
        ),
      ],
    });
    messages.push({
      role: 'user',
      content: [
        ...round.calls.map(
          (call, c): ApiContentBlock => ({
            type: 'tool_result',
            tool_use_id: ids[c] ?? '',
            content: filler(size(call.resultChars), `[t${t} result ${r}.${c}]`, shape.lineChars),
            ...(call.isError && { is_error: true }),
          }),
        ),
        ...(round.interjectChars > 0 ? [text(round.interjectChars, `interjection ${r}`)] : []),
      ],
    });
  });
  if (shape.finalChars > 0 || shape.rounds.length === 0)
    messages.push({ role: 'assistant', content: [text(Math.max(1, shape.finalChars), 'final')] });
  return messages;
}

/** Turns cycled from `shapes` until the conversation is about `tokens` long. */
function buildSession(shapes: TurnShape[], tokens: number, scale: number): ApiMessage[] {
  const messages: ApiMessage[] = [];
  let total = 0;
  let last: TurnShape | undefined;
  for (let t = 0; total < tokens || messages.length === 0; t++) {
    last = shapes[t % shapes.length];
    if (!last) break;
    // Only the newest turn may stop at its tool results: a turn that ends there and is
    // followed by the user's next message would be one turn, not two.
    const turn = buildTurn({ ...last, finalChars: Math.max(1, last.finalChars) }, t, scale);
    messages.push(...turn);
    total += estimateMessagesTokens(turn);
  }
  if (last && last.finalChars === 0 && last.rounds.length > 0) messages.pop();
  return messages;
}

const caseArb = fc.record({
  shapes: fc.array(turnArb, { minLength: 1, maxLength: 6 }),
  factor: fc.constantFrom(1, 3, 10),
  window: fc.integer({ min: 4_000, max: 24_000 }),
  maxTokens: fc.integer({ min: 256, max: 8_192 }),
  fixedShare: fc.double({ min: 0, max: 0.25, noNaN: true }),
  scale: fc.constantFrom(0.05, 0.2, 1),
});

// ---------------------------------------------------------------- the fake summariser

interface Call {
  prompt: string;
  maxTokens: number;
}

/** The conversation part of a condensing prompt. */
function partOf(prompt: string): string {
  const open = '<conversation-part>\n';
  const start = prompt.indexOf(open);
  const end = prompt.lastIndexOf('\n</conversation-part>');
  return start === -1 || end === -1 ? prompt : prompt.slice(start + open.length, end);
}

/** Notes within `maxTokens`: the start of the part, at most maxTokens × 3 characters. */
function recordingSummariser(): { summarise: Summariser; calls: Call[] } {
  const calls: Call[] = [];
  return {
    calls,
    summarise: async (prompt, maxTokens) => {
      calls.push({ prompt, maxTokens });
      return partOf(prompt).slice(0, maxTokens * 3);
    },
  };
}

/** What a summarising request sends: the condensing system prompt and the prompt as one user turn. */
function summaryRequestTokens(prompt: string): number {
  return (
    estimateTextTokens(CONDENSE_SYSTEM_PROMPT) +
    estimateTurnTokens({ role: 'user', content: [{ type: 'text', text: prompt }] })
  );
}

const TAG = /\[t\d+ [^\][\n]*\]/g;

/** The `[t… …]` tag a generated block starts with; none for a cleared tool result. */
function tagOf(block: ApiContentBlock): string | undefined {
  const text =
    block.type === 'text'
      ? block.text
      : block.type === 'tool_result'
        ? toolResultText(block.content)
        : JSON.stringify('input' in block ? block.input : block);
  return new RegExp(TAG.source).exec(text)?.[0];
}

const blocksOf = (messages: readonly ApiMessage[]) => messages.flatMap((m) => m.content);

// ---------------------------------------------------------------- properties

describe('condenseForHandoff on generated long sessions', () => {
  it('yields a valid request under the budget that keeps the goal and the newest turns, at 1×, 3× and 10× the window', {
    timeout: TIMEOUT_MS,
  }, async () => {
    const seen = { factors: new Set<number>(), summarised: 0, newestKept: 0 };
    await fc.assert(
      fc.asyncProperty(caseArb, async ({ shapes, factor, window, maxTokens, fixedShare, scale }) => {
        const budget = handoffBudget(window, maxTokens);
        const fixedTokens = Math.floor(budget * fixedShare);
        const messages = buildSession(shapes, window * factor, scale);
        const before = structuredClone(messages);
        const { summarise, calls } = recordingSummariser();
        const result = await condenseForHandoff({
          messages,
          fixedTokens,
          budget,
          maxSummaryTokens: maxTokens,
          summarise,
          signal: new AbortController().signal,
        });
        const room = budget - fixedTokens;
        const out = result.messages;

        // The caller's messages are never touched.
        expect(messages).toEqual(before);
        // A request the API accepts, that fits.
        expect(requestProblems(out)).toEqual([]);
        expect(estimateMessagesTokens(out)).toBeLessThanOrEqual(room);
        expect(result.report).toBeDefined();
        expect(result.report?.passes).toBe(calls.length);

        // Every summarising request fits the budget on its own and asks for notes it may have.
        for (const call of calls) {
          expect(call.prompt.startsWith(CONDENSE_PROMPT_MARKER)).toBe(true);
          expect(summaryRequestTokens(call.prompt)).toBeLessThanOrEqual(budget);
          expect(call.maxTokens).toBeGreaterThan(0);
          expect(call.maxTokens).toBeLessThanOrEqual(maxTokens);
        }

        // The first user message (the goal) opens the request, whole when it is not huge.
        const goal = messages[0]?.content ?? [];
        const opening = out[0]?.content ?? [];
        if (estimateTurnTokens({ role: 'user', content: goal }) <= Math.floor(room * 0.2)) {
          expect(opening.slice(0, goal.length)).toEqual(goal);
        } else {
          const goalText = goal[0]?.type === 'text' ? goal[0].text : '';
          const openingText = opening[0]?.type === 'text' ? opening[0].text : '';
          expect(openingText.slice(0, 40)).toBe(goalText.slice(0, 40));
        }

        // After the goal (and the notes) come the newest messages as they were, from a turn boundary.
        const stage1 = clearOldToolResults(messages, room).messages;
        const notesCount = opening.some(
          (b) => b.type === 'text' && b.text.startsWith('<earlier-conversation-notes>'),
        )
          ? 1
          : 0;
        const kept = blocksOf(out).slice(goal.length + notesCount);
        const allBlocks = blocksOf(stage1);
        expect(kept).toEqual(allBlocks.slice(allBlocks.length - kept.length));
        if (kept.length > 0) {
          const boundaries = new Set<number>();
          let at = 0;
          const turns = splitTurns(stage1);
          turns.forEach((turn, t) => {
            turn.forEach((message, m) => {
              if (m === 0 || (t === 0 && m === 1)) boundaries.add(at);
              at += message.content.length;
            });
          });
          expect(boundaries.has(allBlocks.length - kept.length)).toBe(true);
        }

        // The newest turn is kept whole whenever it takes at most a quarter of the room.
        const turns = splitTurns(messages);
        const newest = turns.at(-1) ?? [];
        if (turns.length > 1 && estimateMessagesTokens(newest) <= room / 4) {
          expect(kept.slice(kept.length - blocksOf(newest).length)).toEqual(blocksOf(newest));
          seen.newestKept++;
        }

        // Nothing is lost unseen: every block but a cleared tool result reaches a request (a
        // summarising prompt or the condensed request itself), and summarised turns leave notes.
        const sent = new Set<string>();
        for (const request of [...calls.map((call) => call.prompt), JSON.stringify(out)])
          for (const [tag] of request.matchAll(TAG)) sent.add(tag);
        const lost = blocksOf(stage1).flatMap((block) => {
          const tag = tagOf(block);
          return tag && !sent.has(tag) ? [tag] : [];
        });
        expect(lost).toEqual([]);
        if ((result.report?.messagesSummarised ?? 0) > 0) expect(notesCount).toBe(1);

        if (calls.length > 0) seen.summarised++;
        seen.factors.add(factor);
      }),
      { numRuns: RUNS },
    );
    // The generator must reach the interesting cases, or the property proves little.
    expect([...seen.factors].sort((a, b) => a - b)).toEqual([1, 3, 10]);
    expect(seen.summarised).toBeGreaterThan(RUNS / 2);
    expect(seen.newestKept).toBeGreaterThan(RUNS / 4);
  });

  it('returns the very same array when the conversation fits', { timeout: TIMEOUT_MS }, async () => {
    await fc.assert(
      fc.asyncProperty(caseArb, fc.double({ min: 0.05, max: 1, noNaN: true }), async (c, fill) => {
        const budget = handoffBudget(c.window, c.maxTokens);
        const fixedTokens = Math.floor(budget * c.fixedShare);
        const room = budget - fixedTokens;
        // Grown to at most `fill` of the room, then cut back to whole turns that fit.
        let messages = buildSession(c.shapes, Math.floor(room * fill), c.scale);
        const turns = splitTurns(messages);
        while (turns.length > 1 && estimateMessagesTokens(turns.flat()) > room) turns.pop();
        messages = turns.flat();
        fc.pre(estimateMessagesTokens(messages) <= room);
        const json = JSON.stringify(messages);
        const { summarise, calls } = recordingSummariser();
        const result = await condenseForHandoff({
          messages,
          fixedTokens,
          budget,
          maxSummaryTokens: c.maxTokens,
          summarise,
          signal: new AbortController().signal,
        });
        expect(result.messages).toBe(messages);
        expect(JSON.stringify(result.messages)).toBe(json);
        expect(result.report).toBeUndefined();
        expect(calls).toEqual([]);
      }),
      { numRuns: RUNS },
    );
  });
});
