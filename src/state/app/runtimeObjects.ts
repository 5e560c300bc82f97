/**
 * The live objects behind the store, made once the agent chunk has loaded (startEngine).
 * The store holds them in a field the UI never renders (the runtime slice), so nothing
 * of the app lives in module variables; they are not renderable data and are never
 * cloned or compared.
 */
import type { AgentSession } from '../../core/agentSession';
import type { SessionLog } from '../../core/session/sessionLog';
import type { AttachmentFiles } from '../../storage/attachmentFiles';
import type { SessionRepository } from '../../storage/sessionRepository';
import type { WriteQueue } from '../../storage/writeQueue';
import type { McpHold } from '../mcp/mcpHold';
import type { SearchAccess } from '../search/searchAccess';
import type { WorkspaceAccess } from '../workspace/workspaceTrees';
import type { LiveSession } from './liveSession';

/** The sessions held live (implemented by LiveSessions; declared here so the store's types import no mirror). */
export interface HeldSessions {
  readonly current: LiveSession;
  readonly all: LiveSession[];
  /** The session on screen is still writing: leaving it keeps it running in the background. */
  readonly mustLeaveRunning: boolean;
  running(id: string): LiveSession | undefined;
  leave(): LiveSession;
  enter(live: LiveSession): void;
  enterNew(log: SessionLog): Promise<LiveSession>;
  /** Runs `work` in a live session for `log` held off screen until it has settled. */
  startInBackground(log: SessionLog, work: (live: LiveSession) => Promise<void>): Promise<void>;
}

import type { OpenQueue } from './openQueue';

export interface Runtime {
  repository: SessionRepository;
  queue: WriteQueue;
  /** Attached files' bytes, queued or stored. */
  files: AttachmentFiles;
  /** The session on screen. */
  readonly session: AgentSession;
  /** The session on screen with the app's bookkeeping for it. */
  readonly current: LiveSession;
  /** The sessions held live: the one on screen and those still writing in the background. */
  lives: HeldSessions;
  /** Opens run one after the other; the newest click wins. */
  opening: OpenQueue;
  /** The search worker, loaded on the first search. */
  search: SearchAccess;
  /** The workspace files and the memory directory (issue 26), over the app's one file store. */
  workspace: WorkspaceAccess;
  /** The MCP servers: the hub, loaded only once a server exists (state/mcp/startMcp.ts). */
  mcp: McpHold;
  /** Sessions deleted in another tab: handled once each, and those whose writes were refused. */
  deletedElsewhere: { handled: Set<string>; refusedWrites: Set<string> };
}
