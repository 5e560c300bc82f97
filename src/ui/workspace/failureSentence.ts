import { WorkspaceError } from '../../core/workspace/workspaceError';

/**
 * What to tell the user when an operation on the files failed: a WorkspaceError is already
 * a sentence for them (a limit, a missing file, a refused revert); anything else is storage.
 */
export function failureSentence(error: unknown): string {
  if (error instanceof WorkspaceError) return error.message;
  const detail = error instanceof Error ? error.message : String(error);
  return `The workspace could not be saved: ${detail}`;
}
