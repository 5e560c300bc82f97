import { useState } from 'react';
import { changeDiff } from '../../core/workspace/changeDiff';
import type { FileChange } from '../../core/workspace/fileStore';
import { failureSentence } from './failureSentence';
import { shortTime } from './fileTreeModel';

const USER_ACTIONS = {
  edit: 'edited by hand',
  upload: 'uploaded',
  delete: 'deleted',
  rename: 'renamed',
  revert: 'reverted a change',
} as const;

/** Who made a change: the model's tool call (its tool and command), or the user. */
export function changeAuthor(change: FileChange): string {
  const origin = change.origin;
  return origin.kind === 'tool' ? `${origin.tool} ${origin.command}` : `You (${USER_ACTIONS[origin.action]})`;
}

/** The changes that concern `path`: made to it, or that moved it there. */
export function changesOf(history: readonly FileChange[], path: string): FileChange[] {
  return history.filter((change) => change.path === path).reverse();
}

/** Under an open file: each change, newest first, with who made it, when, its diff and a Revert. */
export function FileChanges({
  changes,
  onRevert,
}: {
  changes: readonly FileChange[];
  onRevert(change: FileChange): Promise<unknown>;
}) {
  if (changes.length === 0) return null;
  return (
    <section className="ws-changes" aria-label="Changes">
      <h3>Changes</h3>
      <ol>
        {changes.map((change) => (
          <ChangeItem key={change.id} change={change} onRevert={onRevert} />
        ))}
      </ol>
    </section>
  );
}

function ChangeItem({
  change,
  onRevert,
}: {
  change: FileChange;
  onRevert(change: FileChange): Promise<unknown>;
}) {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const lines = changeDiff(change);
  const at = new Date(change.at);
  const revert = () => {
    setBusy(true);
    setError(null);
    onRevert(change).then(
      () => setBusy(false),
      (failure: unknown) => {
        setBusy(false);
        setError(failureSentence(failure));
      },
    );
  };
  return (
    <li className="ws-change">
      <div className="ws-change-head">
        <span className="ws-change-author">{changeAuthor(change)}</span>{' '}
        <time dateTime={at.toISOString()}>{shortTime(change.at)}</time>
        {change.edit.kind === 'rename' && <span> · moved from {change.edit.from}</span>}
        {change.revertedBy !== undefined && <span className="ws-change-reverted"> · reverted</span>}
        {change.revertedBy === undefined && (
          <button type="button" className="ws-revert" disabled={busy} onClick={revert}>
            Revert
          </button>
        )}
      </div>
      {error && (
        <p className="ws-error" role="alert">
          {error}
        </p>
      )}
      {lines.length > 0 && (
        <pre className="ws-diff">
          {lines.map((line, index) => (
            // Lines of a diff have no identity of their own: their place is their key.
            // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list, never reordered.
            <span key={index} className={`ws-diff-${line.kind}`}>
              {line.kind === 'added' ? '+ ' : line.kind === 'removed' ? '− ' : '  '}
              {line.text}
              {'\n'}
            </span>
          ))}
        </pre>
      )}
    </li>
  );
}
