/**
 * Where an MCP tool call stands, from what the store holds about it: its tool_result in
 * the session (kept over a reload), the open permission card, the progress its server
 * reports while it runs, and whether the turn that made it still goes. Pure, so the
 * card's words can be checked without a browser, and a reloaded chat reads the same.
 */
import { declinedResult } from '../../../core/tools/permission/permissionMachine';
import type { SessionEntry } from '../../../core/types/entry';
import type { ToolResultBlock } from '../../../core/types/message';
import { toolResultTextBlocks } from '../../../core/types/toolResultContent';

export type McpCallStatus =
  | { kind: 'waiting' }
  /** The turn goes on, the call has neither asked nor started yet. */
  | { kind: 'starting' }
  | { kind: 'running'; progress?: number; total?: number; message?: string }
  /** It ran; its result is on its way. */
  | { kind: 'finishing' }
  /**
   * Answered or run, and waiting for the reply's other calls: tools run one after the
   * other, and the results of one reply come back together.
   */
  | { kind: 'queued' }
  | { kind: 'done' }
  | { kind: 'failed'; sentence: string }
  /** `stopped`: denied by Esc, not by the Deny button. */
  | { kind: 'denied'; stopped: boolean }
  /** No result, and nothing will bring one: the turn ended (stopped, the page closed) first. */
  | { kind: 'no_result' };

export interface McpCallFacts {
  result?: Pick<ToolResultBlock, 'content' | 'is_error'>;
  /** Its permission card is open. */
  waiting: boolean;
  /** What its server last reported; set only while it runs. */
  progress?: { progress?: number; total?: number; message?: string };
  /** The turn that made the call still goes, so a result may yet come. */
  live: boolean;
  /** This card saw its permission card open. */
  asked: boolean;
  /** This card saw it run. */
  ran: boolean;
  /** The reply made other tool calls too. */
  others: boolean;
}

export function mcpCallStatus(facts: McpCallFacts): McpCallStatus {
  const { result } = facts;
  if (result) {
    if (result.is_error !== true) return { kind: 'done' };
    const text = toolResultTextBlocks(result.content);
    const denial = denialOf(text);
    if (denial) return denial;
    return { kind: 'failed', sentence: firstLine(resultBody(text)) };
  }
  if (facts.waiting) return { kind: 'waiting' };
  if (facts.progress) {
    const { progress, total, message } = facts.progress;
    return {
      kind: 'running',
      ...(progress !== undefined && { progress }),
      ...(total !== undefined && { total }),
      ...(message !== undefined && message.trim() !== '' && { message }),
    };
  }
  if (facts.live) {
    if (facts.others && (facts.asked || facts.ran)) return { kind: 'queued' };
    return { kind: facts.ran ? 'finishing' : 'starting' };
  }
  return { kind: 'no_result' };
}

/** Stands for the tool's name in the gate's own sentences, to read them as a frame around any name. */
const ANY_TOOL = '\u0000';

/** The frames of the results the permission gate denies with (declinedResult), by Deny and by Esc. */
const DENIALS = (['deny', 'escape'] as const).map((decision) => {
  const [head = '', tail = ''] = declinedResult({ tool: ANY_TOOL, decision }).content.split(ANY_TOOL);
  return { head, tail, stopped: decision === 'escape' };
});

function denialOf(content: string): McpCallStatus | undefined {
  const denial = DENIALS.find(
    ({ head, tail }) =>
      content.length >= head.length + tail.length && content.startsWith(head) && content.endsWith(tail),
  );
  return denial && { kind: 'denied', stopped: denial.stopped };
}

/**
 * The server's own text of a result: the hub wraps it as untrusted (`<mcp-tool-result
 * server=… tool=…>` on its own line, see mcpTools.ts) for the model; the card shows what
 * is inside. Baton's own sentences (a timeout, a dead server) come unwrapped, as they are.
 */
const WRAPPED = /^<mcp-tool-result(?: [^>\n]*)?>\n([\s\S]*)\n<\/mcp-tool-result>$/;

export function resultBody(content: string): string {
  return WRAPPED.exec(content)?.[1] ?? content;
}

/** Past this, the status line's sentence is cut; the whole is under the card's Result. */
const SENTENCE_CHARS = 200;

function firstLine(text: string): string {
  const line = text.split('\n').find((candidate) => candidate.trim() !== '') ?? '';
  const trimmed = line.trim();
  if (trimmed === '') return 'The tool gave no reason.';
  return trimmed.length > SENTENCE_CHARS ? `${trimmed.slice(0, SENTENCE_CHARS)}…` : trimmed;
}

/** "2/3", or "2" when the server gave no total. */
function progressPart(status: Extract<McpCallStatus, { kind: 'running' }>): string | undefined {
  if (status.progress === undefined) return undefined;
  return status.total === undefined ? `${status.progress}` : `${status.progress}/${status.total}`;
}

/**
 * The card's status line. `show` draws the server's and the tool's words (progress
 * message, failure sentence) with their hidden characters revealed.
 */
export function statusLabel(status: McpCallStatus, seconds: number, show: (text: string) => string): string {
  switch (status.kind) {
    case 'waiting':
      return 'Waiting for permission';
    case 'starting':
      return 'Starting';
    case 'running': {
      const parts = [`Running · ${seconds} s`, progressPart(status), status.message && show(status.message)];
      return parts.filter((part) => part).join(' · ');
    }
    case 'finishing':
      return 'Finishing';
    case 'queued':
      return 'Waiting for the other calls';
    case 'done':
      return 'Done';
    case 'failed':
      return `Failed: ${show(status.sentence)}`;
    case 'denied':
      return status.stopped ? 'Denied: the turn was stopped before it was allowed' : 'Denied';
    case 'no_result':
      return 'No result: the call did not finish';
  }
}

const LIVE: ReadonlySet<McpCallStatus['kind']> = new Set([
  'waiting',
  'starting',
  'running',
  'finishing',
  'queued',
]);
const ENDED: ReadonlySet<McpCallStatus['kind']> = new Set(['done', 'failed', 'denied']);

const ENDED_WORD: Readonly<Record<string, string>> = { done: 'Done', failed: 'Failed', denied: 'Denied' };

/**
 * What a screen reader is told when a call moves from `before` to `after` (undefined
 * when nothing): only that it started running and how it ended, never each progress
 * report, and nothing for a card drawn already settled (a reload, a scroll).
 */
export function statusAnnouncement(
  before: McpCallStatus['kind'] | undefined,
  after: McpCallStatus['kind'],
  callName: string,
): string | undefined {
  if (before === undefined || before === after || !LIVE.has(before)) return undefined;
  if (after === 'running') return `${callName}: Running.`;
  if (ENDED.has(after)) return `${callName}: ${ENDED_WORD[after]}.`;
  return undefined;
}

/** The reply the turn is at: the last assistant message of the branch. Does it hold call `id`? */
export function isInLatestReply(entries: readonly SessionEntry[], id: string): boolean {
  for (let i = entries.length - 1; i >= 0; i--) {
    const entry = entries[i];
    if (entry?.type !== 'message' || !('message' in entry)) continue;
    const { message } = entry as Extract<SessionEntry, { type: 'message'; message: unknown }>;
    if (message.role !== 'assistant') continue;
    return message.content.some((block) => block.type === 'tool_use' && block.id === id);
  }
  return false;
}

/** Past these, a result is cut in view (a Show all button draws it whole). */
const VIEW_CHARS = 2_000;
const VIEW_LINES = 30;

/** The start of a long text as the card first shows it; `cut` says that there is more. */
export function resultPreview(text: string): { text: string; cut: boolean } {
  let end = Math.min(text.length, VIEW_CHARS);
  let lines = 0;
  for (let at = text.indexOf('\n'); at !== -1 && at < end; at = text.indexOf('\n', at + 1)) {
    lines += 1;
    if (lines === VIEW_LINES) {
      end = at;
      break;
    }
  }
  return end < text.length ? { text: text.slice(0, end), cut: true } : { text, cut: false };
}
