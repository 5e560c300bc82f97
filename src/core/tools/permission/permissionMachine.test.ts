import { describe, expect, it } from 'vitest';
import {
  declinedResult,
  INITIAL_PERMISSION_STATE,
  type PermissionEvent,
  type PermissionState,
  permissionKey,
  transition,
  waitingCalls,
} from './permissionMachine';

/** Applies events in order; fails the test on a refused one, naming it. */
function drive(
  events: PermissionEvent[],
  start: PermissionState = INITIAL_PERMISSION_STATE,
): PermissionState {
  let state = start;
  for (const event of events) {
    const result = transition(state, event);
    if (!result.ok) throw new Error(`${event.type} refused: ${result.reason}`);
    state = result.state;
  }
  return state;
}

const request = (id: string, tool = 'echo', server = 'srv-1'): PermissionEvent => ({
  type: 'request',
  id,
  server,
  tool,
  input: { text: id },
});

const statusOf = (state: PermissionState, id: string) => state.calls.find((call) => call.id === id)?.status;

describe('permission machine', () => {
  it('runs a call through waiting → allowed → running → done on Allow once, remembering nothing', () => {
    let state = drive([request('a')]);
    expect(statusOf(state, 'a')).toBe('waiting');
    state = drive([{ type: 'allow_once', id: 'a' }], state);
    expect(state.calls[0]).toMatchObject({ status: 'allowed', decision: 'allow_once' });
    state = drive(
      [
        { type: 'start', id: 'a' },
        { type: 'finish', id: 'a' },
      ],
      state,
    );
    expect(statusOf(state, 'a')).toBe('done');
    expect(state.alwaysAllowed).toEqual([]);
    expect(statusOf(drive([request('b')], state), 'b')).toBe('waiting');
  });

  it('remembers Always allow per server and tool: the next call of that tool starts allowed, others still ask', () => {
    const state = drive([
      request('a'),
      { type: 'always_allow', id: 'a' },
      request('b'),
      request('c', 'fail'),
      request('d', 'echo', 'srv-2'),
    ]);
    expect(state.alwaysAllowed).toEqual([permissionKey('srv-1', 'echo')]);
    expect(state.calls.find((call) => call.id === 'b')).toMatchObject({
      status: 'allowed',
      decision: 'remembered',
    });
    expect(statusOf(state, 'c')).toBe('waiting');
    expect(statusOf(state, 'd')).toBe('waiting');
  });

  it('allows the other waiting calls of the same tool when one is always allowed', () => {
    const state = drive([
      request('a'),
      request('b'),
      request('c', 'fail'),
      { type: 'always_allow', id: 'a' },
    ]);
    expect(state.calls.map((call) => call.status)).toEqual(['allowed', 'allowed', 'waiting']);
  });

  it('takes Always allow back per tool and per server', () => {
    const remembered = drive([
      request('a'),
      { type: 'always_allow', id: 'a' },
      request('b', 'fail'),
      { type: 'always_allow', id: 'b' },
      request('c', 'echo', 'srv-2'),
      { type: 'always_allow', id: 'c' },
    ]);
    const revoked = drive([{ type: 'revoke', server: 'srv-1', tool: 'echo' }], remembered);
    expect(revoked.alwaysAllowed).toEqual([permissionKey('srv-1', 'fail'), permissionKey('srv-2', 'echo')]);
    expect(statusOf(drive([request('d')], revoked), 'd')).toBe('waiting');
    const serverGone = drive([{ type: 'revoke_server', server: 'srv-1' }], remembered);
    expect(serverGone.alwaysAllowed).toEqual([permissionKey('srv-2', 'echo')]);
  });

  it('denies a call on Deny, and its result says the user declined', () => {
    const state = drive([request('a'), { type: 'deny', id: 'a' }]);
    const call = state.calls[0]!;
    expect(call).toMatchObject({ status: 'denied', decision: 'deny' });
    expect(declinedResult(call)).toEqual({
      content:
        'The user declined to run it: the tool "echo" was not run. Do not try it again unless the user asks.',
      isError: true,
    });
  });

  it('gives parallel calls their own states: answering one leaves the others waiting', () => {
    const state = drive([request('a'), request('b'), request('c'), { type: 'deny', id: 'b' }]);
    expect(state.calls.map((call) => call.status)).toEqual(['waiting', 'denied', 'waiting']);
    expect(waitingCalls(state).map((call) => call.id)).toEqual(['a', 'c']);
  });

  it('on Esc denies every waiting call, cancels allowed ones and asks running ones to stop', () => {
    const state = drive([
      request('waits'),
      request('allowed'),
      { type: 'allow_once', id: 'allowed' },
      request('runs'),
      { type: 'allow_once', id: 'runs' },
      { type: 'start', id: 'runs' },
      request('finished'),
      { type: 'allow_once', id: 'finished' },
      { type: 'start', id: 'finished' },
      { type: 'finish', id: 'finished' },
      { type: 'escape' },
    ]);
    expect(
      state.calls.map(({ id, status, decision, cancelRequested }) => ({
        id,
        status,
        decision,
        cancelRequested,
      })),
    ).toEqual([
      { id: 'waits', status: 'denied', decision: 'escape', cancelRequested: undefined },
      { id: 'allowed', status: 'cancelled', decision: 'allow_once', cancelRequested: undefined },
      { id: 'runs', status: 'running', decision: 'allow_once', cancelRequested: true },
      { id: 'finished', status: 'done', decision: 'allow_once', cancelRequested: undefined },
    ]);
    expect(declinedResult(state.calls[0]!).content).toContain('stopped the turn before allowing it');
    expect(statusOf(drive([{ type: 'cancelled', id: 'runs' }], state), 'runs')).toBe('cancelled');
  });

  it('on Esc for some calls (one session’s turn) leaves the others waiting', () => {
    const state = drive([request('mine'), request('other'), { type: 'escape', ids: ['mine'] }]);
    expect(state.calls.map(({ id, status }) => ({ id, status }))).toEqual([
      { id: 'mine', status: 'denied' },
      { id: 'other', status: 'waiting' },
    ]);
  });

  it('marks a call that ended in an error failed, with its sentence', () => {
    const state = drive([
      request('a'),
      { type: 'allow_once', id: 'a' },
      { type: 'start', id: 'a' },
      { type: 'finish', id: 'a', isError: true, error: 'The server died.' },
    ]);
    expect(state.calls[0]).toMatchObject({ status: 'failed', error: 'The server died.' });
  });

  it('starts built-in (automatic) calls allowed', () => {
    const state = drive([
      { type: 'request', id: 'a', server: 'baton', tool: 'todo_write', input: {}, automatic: true },
    ]);
    expect(state.calls[0]).toMatchObject({ status: 'allowed', decision: 'automatic' });
  });

  it('refuses transitions out of order and leaves the state as it was', () => {
    const waiting = drive([request('a')]);
    const cases: Array<[PermissionEvent, string]> = [
      [{ type: 'start', id: 'a' }, 'The tool call a is waiting, not allowed.'],
      [{ type: 'finish', id: 'a' }, 'The tool call a is waiting, not running.'],
      [{ type: 'allow_once', id: 'nope' }, 'There is no tool call nope.'],
      [request('a'), 'The tool call a was already requested.'],
    ];
    for (const [event, reason] of cases) {
      const result = transition(waiting, event);
      expect(result).toEqual({ ok: false, state: waiting, reason });
    }
    const denied = drive([{ type: 'deny', id: 'a' }], waiting);
    expect(transition(denied, { type: 'allow_once', id: 'a' }).ok).toBe(false);
    expect(transition(denied, { type: 'start', id: 'a' }).ok).toBe(false);
  });

  it('drops settled calls on clear_settled and keeps the rest', () => {
    const state = drive([request('a'), request('b'), { type: 'deny', id: 'a' }, { type: 'clear_settled' }]);
    expect(state.calls.map((call) => call.id)).toEqual(['b']);
  });
});
