/**
 * "The model is told on its next turn which files the user changed or reverted" (issue
 * 26). The user edits, uploads, deletes, renames and reverts in the Files panel (or the
 * memory list in Settings) while the model is not looking; what it read of those files
 * is then out of date. Before each request, the changes of user origin made since the
 * session's last request are named in a note that goes with it (display: false, like
 * the todo reminder), so the model reads a file again before relying on it.
 */
import type { CustomContextMessage } from '../types/agentMessage';
import type { SessionEntry } from '../types/entry';
import { inlineText } from '../untrusted/inlineText';
import { untrustedBlock } from '../untrusted/untrustedBlock';
import type { FileChange, RootKey } from './fileStore';

/** The customType of the context message that carries the note. */
export const WORKSPACE_CHANGES_CUSTOM_TYPE = 'workspace_user_changes';

/** What the note needs of a file tree: its root and its history. */
export interface ChangeHistory {
  readonly key: RootKey;
  history(): Promise<FileChange[]>;
}

const ACTION_TEXT: Record<Extract<FileChange['origin'], { kind: 'user' }>['action'], string> = {
  edit: 'edited',
  upload: 'uploaded',
  delete: 'deleted',
  rename: 'renamed',
  revert: 'reverted one of your changes',
};

/** What the user did to each file after `since`, one line a file, in the order of first change. */
export function userChangeLines(changes: readonly FileChange[], since: number): string[] {
  const byPath = new Map<string, string[]>();
  for (const change of changes) {
    if (change.origin.kind !== 'user' || change.at <= since) continue;
    const said =
      change.edit.kind === 'rename'
        ? `renamed from ${inlineText(change.edit.from)}`
        : ACTION_TEXT[change.origin.action];
    const actions = byPath.get(change.path) ?? [];
    if (!actions.includes(said)) actions.push(said);
    byPath.set(change.path, actions);
  }
  return [...byPath].map(([path, actions]) => `- ${inlineText(path)}: ${actions.join(', ')}`);
}

/** The note for the user's changes in the workspace and the memory directory; none when there were none. */
export function userChangesNote(
  workspace: readonly string[],
  memory: readonly string[] = [],
): CustomContextMessage | undefined {
  if (workspace.length === 0 && memory.length === 0) return undefined;
  const lines: string[] = [];
  if (workspace.length > 0)
    lines.push('Since your last turn the user changed files in your workspace:', ...workspace);
  if (memory.length > 0)
    lines.push('Since your last turn the user changed files in your memory directory:', ...memory);
  lines.push('What you read of these files before may be out of date: view them again before relying on it.');
  return {
    role: 'custom',
    customType: WORKSPACE_CHANGES_CUSTOM_TYPE,
    content: untrustedBlock('system-reminder', {}, lines.join('\n')),
    display: false,
  };
}

export interface UserChangeNotesDeps {
  /** The open session's workspace. */
  workspace(): ChangeHistory | undefined;
  /** The memory directory while the memory tool is offered. */
  memory(): ChangeHistory | undefined;
  /**
   * How many commits to `root` the app has heard of (in this tab or another): a root whose
   * count has not moved since the last look holds nothing new, and is not read again.
   */
  commits(root: RootKey): number;
  /** The open session's branch and creation time: where "since the last request" starts after a load. */
  branch(): readonly SessionEntry[];
  createdAt(): number;
  now(): number;
}

/**
 * Keeps the time of the session's last request. After a load (a reload, another session
 * opened) that is not known: the newest entry on the branch stands for it (each request
 * follows the entry it answers), or the session's creation for an empty one.
 */
export class UserChangeNotes {
  private lastRequestAt: number | undefined;
  /** Each root's commit count at the last look; none after a load: every root is read. */
  private readonly seen = new Map<RootKey, number>();

  constructor(private readonly deps: UserChangeNotesDeps) {}

  /** The open session changed: its last request is not this one's. */
  reset(): void {
    this.lastRequestAt = undefined;
    this.seen.clear();
  }

  /** Called just before a request: the note to send with it, if the user changed anything. */
  async beforeRequest(): Promise<CustomContextMessage | undefined> {
    const since = this.lastRequestAt ?? this.loadedSince();
    this.lastRequestAt = this.deps.now();
    const looked = new Map<RootKey, number>();
    const read = async (tree: ChangeHistory | undefined) => {
      if (!tree) return [];
      const commits = this.deps.commits(tree.key);
      looked.set(tree.key, commits);
      if (this.seen.get(tree.key) === commits) return [];
      return userChangeLines(await tree.history(), since);
    };
    try {
      const note = userChangesNote(await read(this.deps.workspace()), await read(this.deps.memory()));
      for (const [root, commits] of looked) this.seen.set(root, commits);
      return note;
    } catch {
      // Unread, the changes are looked for again before the next request; this one goes without.
      this.lastRequestAt = since;
      return undefined;
    }
  }

  private loadedSince(): number {
    const newest = this.deps.branch().at(-1);
    return newest ? newest.timestamp : this.deps.createdAt();
  }
}
