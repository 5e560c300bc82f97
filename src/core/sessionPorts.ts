/**
 * What the app gives an AgentSession: the services it uses (ports, fixed for its life)
 * and the configuration of the moment (pushed in again through configure() whenever the
 * user's settings change). The session never reads settings, or anything else, from
 * the app's store: what it needs is here.
 */

import type { ModelClient } from './agent/types';
import type { AttachmentLoader } from './attachments/attachmentTypes';
import type { PromptTemplate } from './commands/promptTemplates';
import type { HandoffHintConfig } from './handoff/handoffHint';
import type { RecallPort } from './recall/recallPort';
import type { Exclusive } from './session/exclusiveAccess';
import type { SessionPersistence } from './session/persistence';
import type { ThinkingSetting } from './types/thinking';
import type { WorkspacePort } from './workspace/workspacePort';

export interface SessionPorts {
  persistence: SessionPersistence;
  /** Reads attached files for requests; without it, each goes as a note that it is missing. */
  attachments?: AttachmentLoader;
  /** Searches earlier sessions: sessions started by a handoff get the recall tool with it. */
  recall?: RecallPort;
  /**
   * The workspace files (issue 26): every session gets the text editor tool on its chain's
   * workspace, and the memory tool while the Memory setting is on. None: neither tool.
   */
  workspace?: WorkspacePort;
  /** Holds the session for one writer across tabs; default: nothing to share it with. */
  exclusive?: Exclusive;
  now?: () => number;
  newId?: () => string;
}

/** A snapshot of the user's settings as the session needs them. */
export interface SessionConfig {
  /** The client replies, handoffs and token counts are requested from. */
  client: ModelClient;
  /** The default model: for new sessions, and for replies when `modelForSession` is not given. */
  model: string;
  /**
   * The model a session's replies are requested from, given the model its header records
   * (a rule over this snapshot, so the same model gets the same answer: the session
   * asks once per snapshot and session model). Not given: every session uses `model`.
   */
  modelForSession?: (sessionModel: string) => string;
  maxTokens: number;
  /** Consecutive tool rounds a run may take before the user is asked; none: the default. */
  maxToolRounds?: number;
  /** Thinking for a session that has not chosen its own. */
  defaultThinking?: ThinkingSetting;
  /** Whether requests declare the API's web search tool. */
  webSearch?: boolean;
  /** Whether requests declare the API's web fetch tool (beta). */
  webFetch?: boolean;
  /** Whether requests declare the API's code execution tool (beta). */
  codeExecution?: boolean;
  /** Whether sessions offer the memory tool (a directory shared by all of them). */
  memory?: boolean;
  /** The user's context window, in tokens, over the table of known models; 0 or none: the table. */
  contextWindowOverride?: number;
  promptTemplates?: PromptTemplate[];
  /** The user's API key, so it can be kept out of what the handoff sends and stores. */
  apiKey?: string;
  /**
   * The user's handoff triggers, when the model should be told it has crossed one (so
   * its `handoff` tool proposes a handoff when it pays: handoffHint.ts). None: never.
   */
  handoffHint?: HandoffHintConfig;
}
