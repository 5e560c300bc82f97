/**
 * What the two file tools need from the session running them: the tree to work on (the
 * chain's workspace, or the memory directory), and the session's id for the change
 * records. Both are asked at each call, so a tool made once follows the session's state.
 */
import type { ToolCall, ToolExecutionResult } from '../tools/tool';
import type { FileTree } from './fileTree';

export interface FileToolOptions {
  /** The tree to run commands on; undefined (or a promise of it) when there is none yet. */
  tree: () => FileTree | undefined | Promise<FileTree | undefined>;
  sessionId: () => string;
}

/** Runs a call on the tree the options give, if it is of the kind the tool works on. */
export async function runOnTree(
  options: FileToolOptions,
  kind: 'workspace' | 'memory',
  tool: string,
  input: unknown,
  call: ToolCall | undefined,
): Promise<ToolExecutionResult> {
  const tree = await options.tree();
  if (!tree || tree.root.kind !== kind) {
    const what = kind === 'memory' ? 'memory directory' : 'workspace';
    return { content: `Error: The ${what} is not available right now; nothing was done.`, isError: true };
  }
  return tree.runCommand(input, { tool, callId: call?.id ?? '', sessionId: options.sessionId() });
}
