import { describe, expect, it } from 'vitest';
import { ModelError } from '../../core/agent/types';
import type { SessionEvent } from '../../core/agentSession';
import type { SessionEntry, SessionHeader } from '../../core/types/entry';
import type { Message, Usage } from '../../core/types/message';
import { NO_USAGE, type SessionUsage } from '../../core/usage/sessionUsage';
import { NO_MARKS } from '../slices/session/branchMarks';
import {
  applySessionEvent,
  QUEUED_TEXT_RETURNED,
  REFUSED_TEXT_RETURNED,
  type SessionView,
} from './applySessionEvent';
import { type BatonState, initialState } from './store';

const reply = (text: string): Message => ({ role: 'assistant', content: [{ type: 'text', text }] });
const header = (id: string, updatedAt: number, leafId: string | null = 'x'): SessionHeader => ({
  id,
  title: id,
  createdAt: 0,
  updatedAt,
  model: 'm',
  leafId,
  children: [],
});
const tokens = (input: number, output: number): Usage => ({ input, output, cacheRead: 0, cacheWrite: 0 });
/** What the view says the whole stored session used. */
const STORED_USAGE: SessionUsage = { models: [{ model: 'm', requests: [tokens(40, 4)] }], unreadable: 0 };
const BRANCH: SessionEntry[] = [
  { id: 'e1', parentId: null, sessionId: 's', timestamp: 1, type: 'message', message: reply('hi') },
];

/** A view whose parts say when they were read, to check that hot events read nothing. */
function view(overrides: Partial<SessionView> = {}) {
  const reads: string[] = [];
  const v: SessionView = {
    branch: () => {
      reads.push('branch');
      return BRANCH;
    },
    leafId: () => {
      reads.push('leafId');
      return 'e1';
    },
    usage: () => {
      reads.push('usage');
      return STORED_USAGE;
    },
    queues: () => ({ steering: ['steer'], followUps: ['later'] }),
    generatingHandoff: () => false,
    marks: () => NO_MARKS,
    ...overrides,
  };
  return { v, reads };
}

const state = (patch: Partial<BatonState> = {}): BatonState => ({ ...initialState, ...patch });

describe('applySessionEvent', () => {
  it('agent_start: busy, and any retry note cleared', () => {
    const r = applySessionEvent(
      state({ retryStatus: 'Retrying' }),
      { type: 'agent_start' },
      view().v,
      undefined,
    );
    expect(r.patch).toEqual({ isStreaming: true, retryStatus: null, retryAt: null, toolRounds: null });
  });

  it('tool_round shows the running count; agent_end at the bound asks Continue / Stop', () => {
    const rounds = { done: 3, limit: 25 };
    const running = applySessionEvent(state(), { type: 'tool_round', rounds }, view().v, undefined);
    expect(running.patch).toEqual({ toolRounds: { done: 3, limit: 25, paused: false } });
    const end: SessionEvent = { type: 'agent_end', messages: [], aborted: false, toolRoundLimit: rounds };
    const paused = applySessionEvent(state({ isStreaming: true }), end, view().v, undefined);
    expect(paused.patch.toolRounds).toEqual({ done: 3, limit: 25, paused: true });
  });

  it('message_start of a reply: the branch, and the reply to stream into its entry', () => {
    const message = reply('');
    const r = applySessionEvent(state(), { type: 'message_start', message }, view().v, undefined);
    expect(r.patch).toEqual({ entries: BRANCH, marks: NO_MARKS });
    expect(r.streamingEntryId).toBe('e1');
    expect(r.streaming).toEqual({ entryId: 'e1', message });
  });

  it('message_start of anything else changes nothing', () => {
    const { v, reads } = view();
    const user: Message = { role: 'user', content: [{ type: 'text', text: 'q' }] };
    const r = applySessionEvent(state(), { type: 'message_start', message: user }, v, undefined);
    expect(r.patch).toEqual({});
    expect(reads).toEqual([]);
  });

  it('message_update streams into the same entry and reads nothing of the session (it is the hot path)', () => {
    const { v, reads } = view();
    const message: Message = { ...reply('partial'), usage: tokens(5, 1) };
    const r = applySessionEvent(state(), { type: 'message_update', message }, v, 'e1');
    expect(r.streaming).toEqual({ entryId: 'e1', message });
    expect(r.patch).toEqual({});
    expect(reads).toEqual([]);
    const retried = applySessionEvent(
      state({ retryStatus: 'Retrying' }),
      { type: 'message_update', message },
      v,
      'e1',
    );
    expect(retried.patch).toEqual({ retryStatus: null, retryAt: null });
  });

  it('message_end of a reply: the stored branch, and the stream cleared', () => {
    const r = applySessionEvent(
      state({ sessionUsage: NO_USAGE }),
      { type: 'message_end', message: reply('done') },
      view().v,
      'e1',
    );
    expect(r.patch).toEqual({ entries: BRANCH, marks: NO_MARKS });
    expect(r.streaming).toBeNull();
    expect(r.streamingEntryId).toBeUndefined();
  });

  it("message_end of a reply adds its usage to the session's, without reading the session again", () => {
    const { v, reads } = view();
    const sessionUsage: SessionUsage = { models: [{ model: 'm', requests: [tokens(10, 1)] }], unreadable: 0 };
    const message: Message = { ...reply('done'), model: 'm', usage: tokens(5, 2) };
    const r = applySessionEvent(state({ sessionUsage }), { type: 'message_end', message }, v, 'e1');
    expect(r.patch.sessionUsage).toEqual({
      models: [{ model: 'm', requests: [tokens(10, 1), tokens(5, 2)] }],
      unreadable: 0,
    });
    expect(reads).not.toContain('usage');
  });

  it("message_end of a reply before the session's usage is known sums the stored session", () => {
    const message: Message = { ...reply('done'), model: 'm', usage: tokens(5, 2) };
    const r = applySessionEvent(state(), { type: 'message_end', message }, view().v, 'e1');
    expect(r.patch.sessionUsage).toBe(STORED_USAGE);
  });

  it('message_end of a user message: the stored branch only', () => {
    const user: Message = { role: 'user', content: [{ type: 'text', text: 'q' }] };
    const r = applySessionEvent(state(), { type: 'message_end', message: user }, view().v, 'e1');
    expect(r.patch).toEqual({ entries: BRANCH, marks: NO_MARKS });
    expect(r.streaming).toBeUndefined();
    expect(r.streamingEntryId).toBe('e1');
  });

  it('agent_end: idle; its error is shown in the reply (no notice), and a handoff reports its own', () => {
    const error = new ModelError('server', 'The model API had an internal error (500).');
    const end: SessionEvent = { type: 'agent_end', messages: [], aborted: false, error };
    const plain = applySessionEvent(state({ isStreaming: true }), end, view().v, undefined);
    expect(plain.patch).toEqual({ isStreaming: false, retryStatus: null, retryAt: null, toolRounds: null });
    expect(plain.notices).toEqual([]);
    expect(plain.documentWritten).toBe(false);
    const handoff = applySessionEvent(state(), end, view({ generatingHandoff: () => true }).v, undefined);
    expect(handoff.notices).toEqual([]);
    expect(handoff.documentWritten).toBe(true);
  });

  it('queue_update copies the queues', () => {
    const r = applySessionEvent(state(), { type: 'queue_update' }, view().v, undefined);
    expect(r.patch).toEqual({ queue: { steering: ['steer'], followUps: ['later'] } });
  });

  it('todos_changed, handoff_state and edit_changed are mirrored', () => {
    const todos = [{ id: '1', content: 'a', status: 'pending' as const }];
    expect(applySessionEvent(state(), { type: 'todos_changed', todos }, view().v, undefined).patch).toEqual({
      todos,
    });
    const handoff = { status: 'cancelled' as const };
    expect(
      applySessionEvent(state(), { type: 'handoff_state', state: handoff }, view().v, undefined).patch,
    ).toEqual({ handoff });
    expect(
      applySessionEvent(state(), { type: 'edit_changed', entryId: 'e1' }, view().v, undefined).patch,
    ).toEqual({ editingEntryId: 'e1' });
    expect(
      applySessionEvent(state(), { type: 'edit_changed', entryId: undefined }, view().v, undefined).patch,
    ).toEqual({ editingEntryId: null, editingInPlace: false });
  });

  it('header_changed puts the header in the list, newest first', () => {
    const sessions = [header('a', 3), header('b', 2)];
    const r = applySessionEvent(
      state({ sessions }),
      { type: 'header_changed', header: header('b', 9) },
      view().v,
      undefined,
    );
    expect(r.patch.sessions?.map((h) => h.id)).toEqual(['b', 'a']);
  });

  it('session_changed: the new one active with its branch; an empty unsaved one leaves the list', () => {
    const unsaved = header('empty', 5, null);
    const sessions = [unsaved, header('a', 3)];
    const r = applySessionEvent(
      state({ sessions, streaming: { entryId: 'x', message: reply('') } }),
      { type: 'session_changed', header: header('a', 4), previous: unsaved },
      view().v,
      undefined,
    );
    expect(r.patch).toEqual({
      sessions: [header('a', 4)],
      activeSessionId: 'a',
      entries: BRANCH,
      marks: NO_MARKS,
      sessionUsage: STORED_USAGE,
      streaming: null,
      toolRounds: null,
    });
    // A stored one stays.
    const kept = applySessionEvent(
      state({ sessions: [header('old', 1), header('a', 3)] }),
      { type: 'session_changed', header: header('a', 4), previous: header('old', 1) },
      view().v,
      undefined,
    );
    expect(kept.patch.sessions?.map((h) => h.id)).toEqual(['a', 'old']);
  });

  it('queued_text_returned puts the text before what the box holds, and says so', () => {
    const r = applySessionEvent(
      state({ composerText: 'typed since' }),
      { type: 'queued_text_returned', text: 'queued' },
      view().v,
      undefined,
    );
    expect(r.patch).toEqual({ composerText: 'queued\n\ntyped since' });
    expect(r.notices).toEqual([{ kind: 'info', text: QUEUED_TEXT_RETURNED }]);
    const empty = applySessionEvent(
      state(),
      { type: 'queued_text_returned', text: 'queued' },
      view().v,
      undefined,
    );
    expect(empty.patch).toEqual({ composerText: 'queued' });
  });

  it('turn_end changes nothing', () => {
    const r = applySessionEvent(
      state(),
      { type: 'turn_end', message: reply('x'), toolResults: [] },
      view().v,
      'e1',
    );
    expect(r).toEqual({ patch: {}, streamingEntryId: 'e1', notices: [] });
  });
});

describe('applySessionEvent: a refused message', () => {
  const refusal: Message = { role: 'assistant', content: [], stopReason: 'refusal' };
  const asked: Message = { role: 'user', content: [{ type: 'text', text: 'the refused question' }] };

  it('comes back to the box, before what was typed since, with a notice', () => {
    const end: SessionEvent = { type: 'agent_end', messages: [asked, refusal], aborted: false };
    const r = applySessionEvent(state({ composerText: 'typed since' }), end, view().v, undefined);
    expect(r.patch.composerText).toBe('the refused question\n\ntyped since');
    expect(r.notices).toEqual([{ kind: 'info', text: REFUSED_TEXT_RETURNED }]);
  });

  it('does not when the run ended otherwise, or was the handoff’s', () => {
    const answered: SessionEvent = { type: 'agent_end', messages: [asked, reply('fine')], aborted: false };
    expect(applySessionEvent(state(), answered, view().v, undefined).patch.composerText).toBeUndefined();
    const handoff: SessionEvent = { type: 'agent_end', messages: [asked, refusal], aborted: false };
    const r = applySessionEvent(state(), handoff, view({ generatingHandoff: () => true }).v, undefined);
    expect(r.patch.composerText).toBeUndefined();
    expect(r.notices).toEqual([]);
  });
});
