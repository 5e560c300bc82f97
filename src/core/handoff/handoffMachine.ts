/**
 * The handoff state machine (docs/spec/handoff.md, "Lifecycle"; "spec" in comments
 * under src/ means that file). States and transitions are explicit
 * and typed so every path can be driven without a browser:
 *
 *                 ┌condensing┐
 *   idle ─start→ generating ─captured→ switching ─switched→ done
 *                    │    └─review→ reviewing ─reviewed→ switching
 *                    │                 ├─cancel→ cancelled
 *                    │                 └─fail→ failed
 *                    │                     switching ─fail→ failed
 *                    ├─cancel→ cancelled
 *                    └─fail→ failed
 *   done | cancelled | failed ─start→ generating (a later handoff)
 *
 * `condensing` reports a pass of condensing (the conversation did not fit the model's
 * window) while the machine stays generating; `writing` says the document itself is
 * being written now.
 *
 * `reviewing` happens only when the run was given a reviewer (the setting "Review
 * handoff before starting"): the user edits the captured document before the switch.
 *
 * The machine owns the handoff's abort controller; `isGeneratingHandoff` is true
 * exactly while it exists. What a handoff does to sessions and storage is the
 * host's job (`switchToHandoffSession`), so this file stays about sequencing.
 */
import type { AgentEvent, AgentListener } from '../agent/agentEvents';
import { ModelError } from '../agent/types';
import type { ApiMessage } from '../types/agentMessage';
import type { Message } from '../types/message';
import { textOf } from '../types/messageText';
import type { CondenseReport } from './condenseForHandoff';
import { CondenseCancelled } from './condenseForHandoff';
import { type HandoffState, type HandoffTransition, isHandoffActive, nextHandoffState } from './handoffState';
import type { PreparedHandoff } from './prepareHandoffRequest';

export const NOTHING_TO_HAND_OFF = 'Nothing to hand off (no messages yet)';
export const HANDOFF_CANCELLED = 'Handoff cancelled';
export const HANDOFF_NEW_SESSION_NOTICE = 'New session started with handoff context';
export const HANDOFF_REFUSED_WHILE_STREAMING =
  'Cannot hand off while a reply is being written. Stop it with Esc first, then hand off.';
export const HANDOFF_ALREADY_RUNNING = 'A handoff is already being written. Press Esc to cancel it.';
export const HANDOFF_NO_TEXT = 'the model returned no handoff text';
export const HANDOFF_REVIEWED_EMPTY = 'the reviewed handoff document is empty';
/**
 * A document that ended at max_tokens is half a document: never handed on as whole.
 * Not continued either: continuing means sending the partial text back as the last
 * (assistant) turn, which Claude 4.6 and later models refuse with a 400 ("does not
 * support assistant message prefill") and no model accepts with thinking on.
 */
export const HANDOFF_CUT_OFF =
  'the document was cut off at the output limit before it was finished, so it was not used. Raise "Max output tokens" in Settings (or give a narrower focus) and hand off again';

export function handoffFailedMessage(reason: string): string {
  return `Handoff failed: ${reason}`;
}

export {
  type HandoffState,
  type HandoffTransition,
  InvalidHandoffTransition,
  isHandoffActive,
  nextHandoffState,
} from './handoffState';

/** What the machine needs from the session it runs in. */
export interface HandoffHost {
  /** `message` entries on the current branch. */
  countBranchMessages(): number;
  /** True while a reply is streaming. */
  isStreaming(): boolean;
  subscribe(listener: AgentListener): () => void;
  /**
   * Builds the instruction and the transcript to send before it, condensed when the
   * whole would not fit the window (each pass reported through `onProgress`). Stops
   * with CondenseCancelled when `signal` fires.
   */
  prepareHandoff(
    focus: string | undefined,
    signal: AbortSignal,
    onProgress: (done: number, total: number) => void,
    /** 0, then 1 after the API refused the document request for length: condense harder. */
    attempt: number,
  ): Promise<PreparedHandoff>;
  /**
   * Sends the instruction as a prompt after `transcript` (in place of the context):
   * no template expansion, tools refused, one turn. `onLastReply` is called with the
   * reply the run ends on, before that reply is recorded (Agent's onLastReply).
   */
  sendHandoffPrompt(
    prompt: string,
    transcript: ApiMessage[],
    onLastReply: (reply: Message) => void,
  ): Promise<void>;
  /**
   * The document is captured: the reply that carries it has ended and the switch (or the
   * review) comes next, unless the handoff is cancelled or fails first.
   */
  documentCaptured(document: string): void;
  /** Stops the generation the handoff started. */
  abortGeneration(): void;
  /** Removes secrets (the API key) from text that leaves the user's hands. */
  redact(text: string): string;
  /** The atomic switch (spec 8.1–8.7). Resolves with the new session's id. */
  switchToHandoffSession(document: string, outcome: HandoffOutcome): Promise<string>;
  now(): number;
}

/**
 * Shows the captured document to the user and resolves with the text to start from,
 * or undefined when the user cancels. `signal` fires when the handoff is cancelled
 * from elsewhere (Esc), so the reviewer can close its editor.
 */
export type HandoffReviewer = (document: string, signal: AbortSignal) => Promise<string | undefined>;

export interface HandoffRunOptions {
  /** Given: the document is reviewed (and may be edited) before the switch. */
  review?: HandoffReviewer;
}

/** What the new session records of how its document came about. */
export interface HandoffOutcome {
  /** The request the user got no answer to, as they typed it. */
  pendingRequest?: string;
  /** Present when the conversation had to be condensed to fit the window. */
  condensed?: CondenseReport;
}

export type HandoffResult =
  | ({ status: 'done'; document: string; newSessionId: string } & HandoffOutcome)
  | { status: 'cancelled' }
  | { status: 'failed'; reason: string };

/** Thrown before anything starts: the guards of Trigger 4 and 5. */
export class HandoffRefused extends Error {
  override readonly name = 'HandoffRefused';
}

/** Document requests refused for length that are tried again, condensed harder. */
const MAX_LENGTH_RETRIES = 1;

class CancelledByUser extends Error {
  constructor() {
    super(HANDOFF_CANCELLED);
  }
}

export class HandoffMachine {
  private current: HandoffState = { status: 'idle' };
  private controller: AbortController | undefined;
  private reviewController: AbortController | undefined;
  private readonly listeners = new Set<(state: HandoffState) => void>();

  constructor(private readonly host: HandoffHost) {}

  get state(): HandoffState {
    return this.current;
  }

  get isGeneratingHandoff(): boolean {
    return this.controller !== undefined;
  }

  /** Generating, reviewing or switching: the session must not take other prompts. */
  get isActive(): boolean {
    return isHandoffActive(this.current);
  }

  onChange(listener: (state: HandoffState) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private apply(transition: HandoffTransition): void {
    this.current = nextHandoffState(this.current, transition);
    for (const listener of [...this.listeners]) listener(this.current);
  }

  /** Aborts a generating or reviewed handoff. Too late once switching: the switch is atomic. */
  abortHandoff(): boolean {
    if (this.current.status === 'reviewing' && this.reviewController) {
      this.reviewController.abort();
      return true;
    }
    if (!this.controller || this.current.status !== 'generating') return false;
    this.controller.abort();
    return true;
  }

  /**
   * Runs a whole handoff. Refusals (nothing to hand off, busy) throw HandoffRefused
   * before any state changes; every other outcome is returned.
   */
  /** Why a handoff cannot start now (spec, Trigger 4 and 5), or undefined when it can. */
  refusal(): string | undefined {
    if (this.isActive) return HANDOFF_ALREADY_RUNNING;
    if (this.host.isStreaming()) return HANDOFF_REFUSED_WHILE_STREAMING;
    if (this.host.countBranchMessages() < 2) return NOTHING_TO_HAND_OFF;
    return undefined;
  }

  async handoff(customInstructions?: string, options: HandoffRunOptions = {}): Promise<HandoffResult> {
    const refusal = this.refusal();
    if (refusal) throw new HandoffRefused(refusal);

    const focus = customInstructions ? this.host.redact(customInstructions).trim() : '';
    const controller = new AbortController();
    this.controller = controller;
    this.apply({ type: 'start', startedAt: this.host.now(), ...(focus && { focus }) });
    let unsubscribe = () => {};
    let document: string;
    let outcome: HandoffOutcome = {};
    let captured: string | undefined;
    let cutOff = false;
    // A cancel stops the generation and still waits for its agent_end (the checks below
    // then report it), so the session is idle again when "cancelled" is heard.
    controller.signal.addEventListener('abort', () => this.host.abortGeneration());
    try {
      let end: Extract<AgentEvent, { type: 'agent_end' }>;
      for (let attempt = 0; ; attempt++) {
        const prepared = await this.host.prepareHandoff(
          focus || undefined,
          controller.signal,
          (done, total) => this.apply({ type: 'condensing', done, total }),
          attempt,
        );
        if (controller.signal.aborted) throw new CancelledByUser();
        if (this.current.status === 'generating' && this.current.condensing) this.apply({ type: 'writing' });
        outcome = {
          ...(prepared.pendingRequest && { pendingRequest: prepared.pendingRequest }),
          ...(prepared.condensed && { condensed: prepared.condensed }),
        };
        captured = undefined;
        cutOff = false;
        end = await new Promise<Extract<AgentEvent, { type: 'agent_end' }>>((resolve, reject) => {
          unsubscribe = this.host.subscribe((event) => {
            if (event.type === 'agent_end') resolve(event);
          });
          const capture = (reply: Message) => {
            if (controller.signal.aborted) return;
            // Cut off by the output limit: not a document to capture (see HANDOFF_CUT_OFF).
            cutOff = reply.stopReason === 'max_tokens';
            if (cutOff) return;
            // Spec 5: the text of the reply the run ends on, read once, as the switch uses it.
            captured = this.host.redact(textOf(reply)).trim();
            if (captured) this.host.documentCaptured(captured);
          };
          this.host.sendHandoffPrompt(prepared.prompt, prepared.transcript, capture).catch(reject);
        });
        unsubscribe();
        // Completion and a cancel can race: the user's cancel wins until the switch starts.
        if (controller.signal.aborted) throw new CancelledByUser();
        // The estimate was low and the API refused the document request for length: once
        // more, condensed harder. The refused attempt stays in the transcript, as it happened.
        const refusedForLength = end.error instanceof ModelError && end.error.kind === 'context_overflow';
        if (!refusedForLength || attempt >= MAX_LENGTH_RETRIES) break;
      }
      if (end.error) throw end.error;
      if (end.aborted) throw new Error('the reply was stopped before the document was finished');
      if (cutOff) throw new Error(HANDOFF_CUT_OFF);
      document = captured ?? '';
      if (!document) throw new Error(HANDOFF_NO_TEXT);
    } catch (error) {
      if (
        error instanceof CancelledByUser ||
        (error instanceof CondenseCancelled && controller.signal.aborted)
      ) {
        this.apply({ type: 'cancel' });
        return { status: 'cancelled' };
      }
      return this.fail(error);
    } finally {
      unsubscribe();
      this.controller = undefined;
    }

    if (options.review) {
      const reviewed = await this.review(document, options.review);
      if (reviewed.status !== 'reviewed') return reviewed;
      document = reviewed.document;
    } else {
      this.apply({ type: 'captured', document });
    }
    try {
      const newSessionId = await this.host.switchToHandoffSession(document, outcome);
      this.apply({ type: 'switched', newSessionId });
      return { status: 'done', document, newSessionId, ...outcome };
    } catch (error) {
      return this.fail(error);
    }
  }

  /** generating → reviewing → switching (or cancelled / failed). */
  private async review(
    captured: string,
    reviewer: HandoffReviewer,
  ): Promise<{ status: 'reviewed'; document: string } | HandoffResult> {
    const controller = new AbortController();
    this.reviewController = controller;
    this.apply({ type: 'review', document: captured });
    let edited: string | undefined;
    try {
      const cancelled = new Promise<undefined>((resolve) => {
        controller.signal.addEventListener('abort', () => resolve(undefined));
      });
      edited = await Promise.race([reviewer(captured, controller.signal), cancelled]);
    } catch (error) {
      return this.fail(error);
    } finally {
      this.reviewController = undefined;
    }
    if (edited === undefined || controller.signal.aborted) {
      this.apply({ type: 'cancel' });
      return { status: 'cancelled' };
    }
    // The user's edits leave their hands too: the key is kept out of them as well.
    const document = this.host.redact(edited).trim();
    if (!document) return this.fail(new Error(HANDOFF_REVIEWED_EMPTY));
    this.apply({ type: 'reviewed', document });
    return { status: 'reviewed', document };
  }

  private fail(error: unknown): HandoffResult {
    const reason =
      error instanceof ModelError || error instanceof Error
        ? error.message
        : String(error || 'unknown error');
    this.apply({ type: 'fail', reason });
    return { status: 'failed', reason };
  }
}
