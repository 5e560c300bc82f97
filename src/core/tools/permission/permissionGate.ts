/**
 * The permission machine held for one session, with the promise a tool registry's
 * before-call hook awaits: `ask` resolves once the user has answered (at once for a tool
 * they always allow), and the UI dispatches the answers. The machine stays pure; this
 * only keeps its state, tells listeners, and settles the waiting promises.
 */
import {
  declinedResult,
  INITIAL_PERMISSION_STATE,
  type PermissionEvent,
  type PermissionState,
  type ToolCallState,
  type TransitionResult,
  transition,
} from './permissionMachine';

export type GateAnswer =
  | { allowed: true; call: ToolCallState }
  /** Not run: answer the model with `result`, the error result that says the user declined. */
  | { allowed: false; call: ToolCallState; result: { content: string; isError: true } };

export interface PermissionRequest {
  id: string;
  server: string;
  tool: string;
  input: unknown;
  /** A tool that needs no permission (built-in): allowed at once, still tracked. */
  automatic?: boolean;
}

export interface PermissionGate {
  readonly state: PermissionState;
  subscribe(listener: (state: PermissionState) => void): () => void;
  /** Requests permission for a call; resolves when it is allowed or denied. */
  ask(request: PermissionRequest): Promise<GateAnswer>;
  /** Applies an event (a user's answer, Esc, a run starting or ending); refused events change nothing. */
  dispatch(event: PermissionEvent): TransitionResult;
}

export interface PermissionGateOptions {
  /** Tools the user always allows, as stored (permissionKey form). */
  alwaysAllowed?: readonly string[];
  /** Called whenever that list changes, to store it. */
  onAlwaysAllowedChange?(alwaysAllowed: readonly string[]): void;
}

export function createPermissionGate(options: PermissionGateOptions = {}): PermissionGate {
  let state: PermissionState = { ...INITIAL_PERMISSION_STATE, alwaysAllowed: options.alwaysAllowed ?? [] };
  const listeners = new Set<(state: PermissionState) => void>();
  const pending = new Map<string, (answer: GateAnswer) => void>();

  const settle = () => {
    for (const [id, resolve] of pending) {
      const call = state.calls.find((candidate) => candidate.id === id);
      if (!call || call.status === 'waiting') continue;
      pending.delete(id);
      resolve(
        call.status === 'allowed'
          ? { allowed: true, call }
          : { allowed: false, call, result: declinedResult(call) },
      );
    }
  };

  const dispatch = (event: PermissionEvent): TransitionResult => {
    const result = transition(state, event);
    if (!result.ok) return result;
    const before = state.alwaysAllowed;
    state = result.state;
    if (state.alwaysAllowed !== before) options.onAlwaysAllowedChange?.(state.alwaysAllowed);
    settle();
    for (const listener of listeners) listener(state);
    return result;
  };

  return {
    get state() {
      return state;
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    ask(request) {
      const result = dispatch({ type: 'request', ...request });
      if (!result.ok) return Promise.reject(new Error(result.reason));
      const answer = new Promise<GateAnswer>((resolve) => pending.set(request.id, resolve));
      // A remembered or automatic call is allowed already.
      settle();
      return answer;
    },
    dispatch,
  };
}
