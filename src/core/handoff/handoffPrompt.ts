/**
 * The texts of the handoff: the instruction that asks the model for the document,
 * the wrapper that seeds the new session, and the system-prompt framing for
 * sessions that start from a handoff. Only the section names and the wrapper are
 * fixed by the spec; the instruction's wording is ours.
 */
import { inlineText } from '../untrusted/inlineText';
import { untrustedBlock } from '../untrusted/untrustedBlock';
import { HANDOFF_PROMPT_MARKER } from './handoffMarkers';
import { type ToolsUsed, type ToolUse, usedAnyTool } from './toolsUsed';
import { type ListedFile, workspaceContextText, workspaceInstructionLines } from './workspaceListing';

export const HANDOFF_SECTIONS = [
  'Goal',
  'Constraints & Preferences',
  'Progress',
  'Key Decisions',
  'Critical Context',
  'Next Steps',
] as const;

// In a leaf of their own: the chat (first paint) needs these two, not the texts here.
export { HANDOFF_CUSTOM_TYPE, HANDOFF_PROMPT_MARKER } from './handoffMarkers';

/** Opens the line of the instruction that carries the request the user got no answer to. */
export const PENDING_REQUEST_LABEL = 'Pending request (the user asked this and got no answer yet):';

export interface HandoffPromptOptions {
  /** The user's focus for the document (already trimmed and redacted). */
  focus?: string;
  /** The request that was never answered; it leads the Next Steps. */
  pendingRequest?: string;
  /** Files attached in the conversation, each described in a phrase (describeAttachment). */
  attachments?: readonly string[];
  /** The tools the conversation called (toolsUsed.ts): named, so the document can say what they gave and what to call next. */
  tools?: ToolsUsed;
  /** The files of the chain's workspace (workspaceListing.ts): the document refers to them by path. */
  workspaceFiles?: readonly ListedFile[];
}

export function buildHandoffPrompt({
  focus,
  pendingRequest,
  attachments = [],
  tools,
  workspaceFiles = [],
}: HandoffPromptOptions = {}): string {
  const sections = HANDOFF_SECTIONS.map((name) => `## ${name}`).join('\n');
  const lines = [
    HANDOFF_PROMPT_MARKER,
    'This conversation is about to continue in a fresh session that will see none of it.',
    'Write the handoff document that session will start from: everything a capable colleague',
    'needs to pick up the work without asking a single question. Be specific (names, paths,',
    'numbers, exact errors, decisions and their reasons) and leave out what no longer matters.',
    '',
    'Use exactly these six sections as level-two markdown headings, in this order:',
    sections,
    '',
    'Goal: what the user is ultimately trying to achieve.',
    'Constraints & Preferences: requirements, limits and the way the user likes things done.',
    'Progress: what is done, what is in progress, what was tried and failed.',
    'Key Decisions: choices made and why, so they are not reopened.',
    'Critical Context: facts, data and details that would be costly to rediscover.',
    'Next Steps: the concrete next actions, most important first.',
    '',
    'Reply with the document only: no preamble, no closing remarks, no tool calls.',
  ];
  if (pendingRequest) {
    lines.push(
      '',
      `${PENDING_REQUEST_LABEL}`,
      untrustedBlock('pending-request', {}, pendingRequest),
      'Name it as the first of the Next Steps; it will be asked again in the new session.',
    );
  }
  if (attachments.length > 0) {
    // The new session gets the document only, never the files: what they held must be in it.
    lines.push(
      '',
      'Files were attached in this conversation; the new session will not have them:',
      ...attachments.map((file) => `- ${inlineText(file)}`),
      'Name each file in Critical Context with what it showed or contained that still matters.',
    );
  }
  if (tools && usedAnyTool(tools)) lines.push('', ...toolLines(tools));
  if (workspaceFiles.length > 0) lines.push('', ...workspaceInstructionLines(workspaceFiles));
  // The focus may be the model's own suggestion (a handoff proposal): kept on its line.
  if (focus) lines.push('', `Additional focus: ${inlineText(focus)}`);
  return lines.join('\n');
}

/** `mcp__test__echo (2 calls)`: the name the model calls, as it called it. */
const toolUseText = ({ name, calls }: ToolUse) =>
  `${inlineText(name)} (${calls} ${calls === 1 ? 'call' : 'calls'})`;

/**
 * The tools the work used, MCP tools under their server. Their results do not reach the
 * new session (only the document does), so the model is asked to keep what they showed.
 */
function toolLines(tools: ToolsUsed): string[] {
  const list = (uses: readonly ToolUse[]) => uses.map(toolUseText).join(', ');
  return [
    'Tools did part of this work; the new session offers the same tools while they stay switched on:',
    ...tools.mcp.map(({ server, tools: uses }) => `- MCP server "${inlineText(server)}": ${list(uses)}`),
    ...(tools.mcpUnattributed.length > 0 ? [`- MCP tools: ${list(tools.mcpUnattributed)}`] : []),
    ...(tools.server.length > 0 ? [`- The API's server tools: ${list(tools.server)}`] : []),
    ...(tools.other.length > 0 ? [`- Other tools: ${list(tools.other)}`] : []),
    'Their results will not be there: in Critical Context, give what they returned that still matters; in Next Steps, name the tool (and its server) for each step that needs one.',
  ];
}

/**
 * The exact content of the handoff `custom_message` (spec, Lifecycle 8.6): exactly one
 * opening and one closing tag, whatever the document holds (see core/untrusted/wrapperTags.ts).
 */
export function wrapHandoffDocument(document: string, workspaceFiles: readonly ListedFile[] = []): string {
  const wrapped = `${untrustedBlock('handoff-context', {}, document)}\n\nThe above is a handoff document from a previous session. Use this context to continue the work seamlessly.`;
  // The chain's files are the session's too: named after the wrapper, never inside it.
  return workspaceFiles.length > 0 ? `${wrapped}\n\n${workspaceContextText(workspaceFiles)}` : wrapped;
}

export { HANDOFF_SESSION_FRAMING, RECALL_FRAMING } from './handoffFraming';

/**
 * The answer to a tool call in the document turn. The tools stay declared and tool_choice
 * stays `auto` there, as in every turn, so the request's conversation is read from the
 * prompt cache (a different tool_choice would invalidate it); a call is refused instead.
 */
export const HANDOFF_TOOLS_REFUSED =
  'Tools are not available while you write the handoff document. Reply with the document only.';
