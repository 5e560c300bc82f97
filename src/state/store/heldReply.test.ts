import { describe, expect, it } from 'vitest';
import type { SessionEvent } from '../../core/agentSession';
import type { SessionEntry } from '../../core/types/entry';
import type { Message, StopReason } from '../../core/types/message';
import { NO_MARKS } from '../slices/session/branchMarks';
import type { SessionView } from './applySessionEvent';
import { applyHoldingDocument, type EventCarry } from './heldReply';
import { type BatonState, initialState } from './store';

const documentReply = (stopReason: StopReason = 'end_turn'): Message => ({
  role: 'assistant',
  content: [{ type: 'text', text: '## Goal\nShip it.' }],
  stopReason,
});
const BRANCH: SessionEntry[] = [
  { id: 'e1', parentId: null, sessionId: 's', timestamp: 1, type: 'message', message: documentReply() },
];
const STREAMED = { entryId: 'e1', message: { role: 'assistant', content: [] } satisfies Message };

function view(generatingHandoff: boolean): SessionView {
  return {
    branch: () => BRANCH,
    usage: () => ({ models: [], unreadable: 0 }),
    leafId: () => 'e1',
    queues: () => ({ steering: [], followUps: [] }),
    generatingHandoff: () => generatingHandoff,
    marks: () => NO_MARKS,
  };
}

const state = (patch: Partial<BatonState> = {}): BatonState => ({ ...initialState, ...patch });
const streamingCarry: EventCarry = { streamingEntryId: 'e1', held: false };
const heldCarry: EventCarry = { streamingEntryId: undefined, held: true };

/** Runs events in order as startEngine does, carrying each result into the next. */
function run(events: SessionEvent[], generatingHandoff = true) {
  let carry = streamingCarry;
  return events.map((event) => {
    const result = applyHoldingDocument(
      state({ streaming: STREAMED }),
      event,
      view(generatingHandoff),
      carry,
    );
    carry = { streamingEntryId: result.streamingEntryId, held: result.held };
    return result;
  });
}

const captured: SessionEvent = { type: 'handoff_document_captured', document: '## Goal\nShip it.' };
const documentEnd: SessionEvent = { type: 'message_end', message: documentReply() };
const agentEnd: SessionEvent = { type: 'agent_end', messages: [documentReply()], aborted: false };
const switching: SessionEvent = { type: 'handoff_state', state: { status: 'switching', document: 'd' } };

describe('applyHoldingDocument: the finished handoff document', () => {
  it('is not put into the old transcript between its end and the switch', () => {
    const results = run([
      captured,
      documentEnd,
      { type: 'turn_end', message: documentReply(), toolResults: [] },
      agentEnd,
      switching,
      { type: 'todos_changed', todos: [] },
      { type: 'queued_text_returned', text: 'queued' },
    ]);
    const [, end] = results;
    // The reply's usage is still counted; the transcript is left as painted.
    expect(end?.patch).not.toHaveProperty('entries');
    expect(end?.patch.sessionUsage).toBeDefined();
    expect(end?.streaming).toBeUndefined();
    expect(end?.dropPendingFrame).toBe(true);
    expect(end?.documentWritten).toBeUndefined();
    expect(results[3]?.documentWritten).toBe(true);
    for (const result of results) {
      expect(result.held).toBe(true);
      expect(result.patch).not.toHaveProperty('entries');
      expect(result.streaming).toBeUndefined();
    }
  });

  it('reads no branch at its end (a walk of the whole session, in the timed switch)', () => {
    let reads = 0;
    const counting: SessionView = {
      ...view(true),
      branch: () => {
        reads += 1;
        return BRANCH;
      },
    };
    applyHoldingDocument(state({ streaming: STREAMED }), documentEnd, counting, {
      ...streamingCarry,
      held: true,
    });
    expect(reads).toBe(0);
  });

  it('is replaced by the new session at the switch', () => {
    const header = {
      id: 'child',
      title: 'c',
      createdAt: 0,
      updatedAt: 1,
      model: 'm',
      leafId: 'h',
      children: [],
    };
    const [, , , changed] = run([captured, documentEnd, agentEnd, { type: 'session_changed', header }]);
    expect(changed?.held).toBe(false);
    expect(changed?.patch.activeSessionId).toBe('child');
    expect(changed?.streaming).toBeNull();
  });

  for (const status of ['failed', 'cancelled', 'reviewing'] as const) {
    it(`goes into the transcript at once when the handoff ends ${status} instead`, () => {
      const handoff =
        status === 'failed'
          ? { status, reason: 'disk full' }
          : status === 'reviewing'
            ? { status, document: 'd' }
            : { status };
      const [, , , ended] = run([captured, documentEnd, agentEnd, { type: 'handoff_state', state: handoff }]);
      expect(ended?.held).toBe(false);
      expect(ended?.patch).toEqual({ handoff, entries: BRANCH, marks: NO_MARKS });
      expect(ended?.streaming).toBeNull();
    });
  }

  it('goes in at once when another message follows (a retry condensed harder)', () => {
    const user: Message = { role: 'user', content: [{ type: 'text', text: 'again' }] };
    const next = applyHoldingDocument(
      state({ streaming: STREAMED }),
      { type: 'message_end', message: user },
      view(true),
      heldCarry,
    );
    expect(next.held).toBe(false);
    expect(next.patch.entries).toBe(BRANCH);
    expect(next.streaming).toBeNull();
  });
});

describe('applyHoldingDocument: replies that are not held', () => {
  it('an ordinary reply goes into the transcript at its end', () => {
    const [end] = run([documentEnd], false);
    expect(end?.held).toBe(false);
    expect(end?.patch.entries).toBe(BRANCH);
    expect(end?.streaming).toBeNull();
  });

  it('a handoff reply the session did not say was the captured document goes in at its end', () => {
    // No guessing from its stop reason: without handoff_document_captured it is not held.
    const [end] = run([documentEnd]);
    expect(end?.held).toBe(false);
    expect(end?.patch.entries).toBe(BRANCH);
    expect(end?.streaming).toBeNull();
  });

  for (const stopReason of ['error', 'aborted', 'model_context_window_exceeded', 'tool_use'] as const) {
    it(`a handoff reply that ends with ${stopReason} (no document to switch to) goes in at its end`, () => {
      const [end] = run([{ type: 'message_end', message: documentReply(stopReason) }]);
      expect(end?.held).toBe(false);
      expect(end?.patch.entries).toBe(BRANCH);
      expect(end?.streaming).toBeNull();
    });
  }
});
