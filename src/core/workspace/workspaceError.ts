/**
 * The error a file tree's user operations (the Files panel, Settings' memory files) reject
 * with: its message is one sentence the user can read as it is, saying what did not
 * happen and why. Anything else a tree rejects with is a bug.
 */
export class WorkspaceError extends Error {
  override name = 'WorkspaceError';
}
