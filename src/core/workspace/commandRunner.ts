/**
 * One tool call, start to end: the input checked, the command run in the tool's words,
 * and every failure (a bad input, a full quota, a bug) turned into an error result. The
 * model always gets an answer, and a failed write has written nothing.
 */
import type { ToolExecutionResult } from '../tools/tool';
import { type FileCommand, parseCommand } from './commandInput';
import type { ChangeOrigin } from './fileStore';
import { deleteCommand, renameCommand } from './moveCommands';
import { createCommand, failure, insertCommand, strReplaceCommand, viewCommand } from './toolCommands';
import { errorText, type ToolTexts } from './toolTexts';
import type { TreeContext } from './treeContext';
import { WorkspaceError } from './workspaceError';

/** The tool call a command comes from: recorded with the change it makes. */
export interface CommandOrigin {
  tool: string;
  callId: string;
  sessionId: string;
}

export async function runToolCommand(
  ctx: TreeContext,
  texts: ToolTexts,
  input: unknown,
  from: CommandOrigin,
): Promise<ToolExecutionResult> {
  const parsed = parseCommand(input, texts.commands);
  if (!parsed.ok) return failure(errorText(parsed.error));
  const command = parsed.command;
  const origin: ChangeOrigin = {
    kind: 'tool',
    tool: from.tool,
    command: command.command,
    callId: from.callId,
    sessionId: from.sessionId,
  };
  try {
    return await dispatch(ctx, texts, command, origin);
  } catch (error) {
    if (error instanceof WorkspaceError) return failure(errorText(error.message));
    const detail = error instanceof Error ? error.message : String(error);
    return failure(errorText(`The ${command.command} command failed (${detail}); nothing was written.`));
  }
}

function dispatch(
  ctx: TreeContext,
  texts: ToolTexts,
  command: FileCommand,
  origin: ChangeOrigin,
): Promise<ToolExecutionResult> {
  switch (command.command) {
    case 'view':
      return viewCommand(ctx, texts, command);
    case 'create':
      return createCommand(ctx, texts, command, origin);
    case 'str_replace':
      return strReplaceCommand(ctx, texts, command, origin);
    case 'insert':
      return insertCommand(ctx, texts, command, origin);
    case 'delete':
      return deleteCommand(ctx, texts, command, origin);
    case 'rename':
      return renameCommand(ctx, texts, command, origin);
  }
}
