/**
 * The permission step every tool call goes through, as a pure state machine: each call
 * has its own state (parallel calls in one turn each wait for their own answer), and
 * every change is a typed event a test can drive without a browser or a server.
 *
 *   waiting ──allow_once / always_allow──▶ allowed ──start──▶ running ──finish──▶ done | failed
 *      │                                      │                  └──cancelled──▶ cancelled
 *      └──deny / escape──▶ denied             └──escape──▶ cancelled (never started)
 *
 * A call of a tool the user always allows (or a built-in one) starts out allowed.
 * Nothing runs before it is allowed; Esc denies everything still waiting.
 */

export type CallStatus = 'waiting' | 'allowed' | 'denied' | 'running' | 'done' | 'failed' | 'cancelled';

/** How a call came to be allowed or denied. */
export type Decision =
  | 'allow_once'
  | 'always_allow'
  /** Allowed without asking: the user had chosen Always allow for this tool before. */
  | 'remembered'
  /** Allowed without asking: a tool that needs no permission (a built-in one). */
  | 'automatic'
  | 'deny'
  /** Denied because the user pressed Esc (stopped the turn) while it waited. */
  | 'escape';

export interface ToolCallState {
  id: string;
  /** The server's stable id (Always allow is remembered by it, not by its display name). */
  server: string;
  tool: string;
  input: unknown;
  status: CallStatus;
  decision?: Decision;
  /** Esc came while it ran: the runner has been asked to cancel it. */
  cancelRequested?: boolean;
  /** With `failed`: the sentence the call failed with. */
  error?: string;
}

export interface PermissionState {
  /** Calls in the order they were requested. */
  calls: readonly ToolCallState[];
  /** Tools the user always allows, as permissionKey(server, tool). */
  alwaysAllowed: readonly string[];
}

export type PermissionEvent =
  | { type: 'request'; id: string; server: string; tool: string; input: unknown; automatic?: boolean }
  | { type: 'allow_once'; id: string }
  | { type: 'always_allow'; id: string }
  | { type: 'deny'; id: string }
  /**
   * Esc: denies every waiting call, cancels allowed ones and asks running ones to stop;
   * with `ids`, only those calls (the turn stopped was one session's, not every one's).
   */
  | { type: 'escape'; ids?: readonly string[] }
  | { type: 'start'; id: string }
  | { type: 'finish'; id: string; isError?: boolean; error?: string }
  | { type: 'cancelled'; id: string }
  /** Takes back Always allow for one tool (Settings). */
  | { type: 'revoke'; server: string; tool: string }
  /** Takes back Always allow for every tool of a server (the server was removed). */
  | { type: 'revoke_server'; server: string }
  /** Drops finished calls from the state (a new turn starts). */
  | { type: 'clear_settled' };

export type TransitionResult =
  | { ok: true; state: PermissionState }
  | { ok: false; state: PermissionState; reason: string };

export const INITIAL_PERMISSION_STATE: PermissionState = { calls: [], alwaysAllowed: [] };

const SETTLED: ReadonlySet<CallStatus> = new Set(['denied', 'done', 'failed', 'cancelled']);

export function isSettled(status: CallStatus): boolean {
  return SETTLED.has(status);
}

/** The key Always allow is remembered under; a NUL cannot occur in either part. */
export function permissionKey(server: string, tool: string): string {
  return `${server}\u0000${tool}`;
}

/** The error result a denied call answers the model with. */
export function declinedResult(call: Pick<ToolCallState, 'tool' | 'decision'>): {
  content: string;
  isError: true;
} {
  const how = call.decision === 'escape' ? 'stopped the turn before allowing it' : 'declined to run it';
  return {
    content: `The user ${how}: the tool "${call.tool}" was not run. Do not try it again unless the user asks.`,
    isError: true,
  };
}

function refuse(state: PermissionState, reason: string): TransitionResult {
  return { ok: false, state, reason };
}

function update(
  state: PermissionState,
  id: string,
  expected: readonly CallStatus[],
  change: (call: ToolCallState) => ToolCallState,
): TransitionResult {
  const call = state.calls.find((candidate) => candidate.id === id);
  if (!call) return refuse(state, `There is no tool call ${id}.`);
  if (!expected.includes(call.status)) {
    return refuse(state, `The tool call ${id} is ${call.status}, not ${expected.join(' or ')}.`);
  }
  const next = change(call);
  return {
    ok: true,
    state: { ...state, calls: state.calls.map((candidate) => (candidate === call ? next : candidate)) },
  };
}

export function transition(state: PermissionState, event: PermissionEvent): TransitionResult {
  switch (event.type) {
    case 'request': {
      if (state.calls.some((call) => call.id === event.id)) {
        return refuse(state, `The tool call ${event.id} was already requested.`);
      }
      const remembered = state.alwaysAllowed.includes(permissionKey(event.server, event.tool));
      const decision: Decision | undefined = event.automatic
        ? 'automatic'
        : remembered
          ? 'remembered'
          : undefined;
      const call: ToolCallState = {
        id: event.id,
        server: event.server,
        tool: event.tool,
        input: event.input,
        status: decision ? 'allowed' : 'waiting',
        ...(decision ? { decision } : {}),
      };
      return { ok: true, state: { ...state, calls: [...state.calls, call] } };
    }
    case 'allow_once':
      return update(state, event.id, ['waiting'], (call) => ({
        ...call,
        status: 'allowed',
        decision: 'allow_once',
      }));
    case 'always_allow': {
      const result = update(state, event.id, ['waiting'], (call) => ({
        ...call,
        status: 'allowed',
        decision: 'always_allow',
      }));
      if (!result.ok) return result;
      const call = result.state.calls.find((candidate) => candidate.id === event.id)!;
      const key = permissionKey(call.server, call.tool);
      // Other calls of the same tool waiting in this turn need not ask again.
      const calls = result.state.calls.map((other) =>
        other.status === 'waiting' && permissionKey(other.server, other.tool) === key
          ? { ...other, status: 'allowed' as const, decision: 'remembered' as const }
          : other,
      );
      const alwaysAllowed = state.alwaysAllowed.includes(key)
        ? state.alwaysAllowed
        : [...state.alwaysAllowed, key];
      return { ok: true, state: { calls, alwaysAllowed } };
    }
    case 'deny':
      return update(state, event.id, ['waiting'], (call) => ({
        ...call,
        status: 'denied',
        decision: 'deny',
      }));
    case 'escape':
      return {
        ok: true,
        state: {
          ...state,
          calls: state.calls.map((call) => {
            if (event.ids && !event.ids.includes(call.id)) return call;
            if (call.status === 'waiting') return { ...call, status: 'denied', decision: 'escape' };
            if (call.status === 'allowed') return { ...call, status: 'cancelled' };
            if (call.status === 'running') return { ...call, cancelRequested: true };
            return call;
          }),
        },
      };
    case 'start':
      return update(state, event.id, ['allowed'], (call) => ({ ...call, status: 'running' }));
    case 'finish':
      return update(state, event.id, ['running'], (call) => ({
        ...call,
        status: event.isError ? 'failed' : 'done',
        ...(event.isError && event.error !== undefined ? { error: event.error } : {}),
      }));
    case 'cancelled':
      return update(state, event.id, ['running', 'allowed'], (call) => ({ ...call, status: 'cancelled' }));
    case 'revoke': {
      const key = permissionKey(event.server, event.tool);
      return {
        ok: true,
        state: { ...state, alwaysAllowed: state.alwaysAllowed.filter((entry) => entry !== key) },
      };
    }
    case 'revoke_server': {
      const prefix = permissionKey(event.server, '');
      return {
        ok: true,
        state: { ...state, alwaysAllowed: state.alwaysAllowed.filter((entry) => !entry.startsWith(prefix)) },
      };
    }
    case 'clear_settled':
      return { ok: true, state: { ...state, calls: state.calls.filter((call) => !isSettled(call.status)) } };
  }
}

/** The calls still waiting for the user, in order: what the permission cards show. */
export function waitingCalls(state: PermissionState): ToolCallState[] {
  return state.calls.filter((call) => call.status === 'waiting');
}
