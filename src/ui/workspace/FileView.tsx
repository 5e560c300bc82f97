import { useEffect, useId, useState } from 'react';
import type { FileBody, FileChange, FileMeta } from '../../core/workspace/fileStore';
import type { FileTree } from '../../core/workspace/fileTree';
import { ConfirmDialog } from '../ConfirmDialog';
import { downloadFile } from './downloads';
import { FileChanges } from './FileChanges';
import { FileContent, FilePreview } from './FileContent';
import { failureSentence } from './failureSentence';
import { fileName } from './fileTreeModel';
import { isPreviewable } from './previewDocument';

type Mode =
  | { kind: 'view' }
  | { kind: 'edit'; draft: string }
  | { kind: 'rename'; to: string }
  | { kind: 'delete' };

interface Props {
  tree: FileTree;
  path: string;
  /** The tree's re-read counter: the file reads itself again whenever the tree changed. */
  version: number;
  changes: readonly FileChange[];
  preview: boolean;
  onPreview(preview: boolean): void;
  /** After a rename (the new path) or a delete (null). */
  onMoved(path: string | null): void;
}

/** One open file: its actions, its content (or Preview), and its changes. */
export function FileView({ tree, path, version, changes, preview, onPreview, onMoved }: Props) {
  const [file, setFile] = useState<{ meta: FileMeta; body: FileBody } | null | undefined>(undefined);
  const [mode, setMode] = useState<Mode>({ kind: 'view' });
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const tabsId = useId();

  useEffect(() => {
    let live = true;
    // `version` is read so a change anywhere reads the file again.
    void version;
    tree.read(path).then(
      (read) => live && setFile(read ?? null),
      (failure: unknown) => live && setError(failureSentence(failure)),
    );
    return () => {
      live = false;
    };
  }, [tree, path, version]);

  // Another file: nothing half-done of the last one carries over.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset on a new path only.
  useEffect(() => {
    setMode({ kind: 'view' });
    setError(null);
  }, [path]);

  /** Runs an operation; a failure shows its sentence and keeps what the user typed (mode stays). */
  const run = (operation: () => Promise<FileChange>, after: (change: FileChange) => void) => {
    setBusy(true);
    setError(null);
    operation().then(
      (change) => {
        setBusy(false);
        after(change);
      },
      (failure: unknown) => {
        setBusy(false);
        setError(failureSentence(failure));
      },
    );
  };

  if (file === undefined) return <p className="ws-note">Opening {fileName(path)}…</p>;
  if (file === null) return <p className="ws-note">{path} is no longer in the workspace.</p>;
  const { meta, body } = file;
  const previewable = !body.binary && isPreviewable(path);
  const showPreview = previewable && preview && mode.kind !== 'edit';

  return (
    <article className="ws-file-view" aria-label={fileName(path)}>
      <h3 className="ws-file-title">{path}</h3>
      <div className="ws-actions">
        {!body.binary && (
          <button
            type="button"
            disabled={mode.kind === 'edit'}
            onClick={() => setMode({ kind: 'edit', draft: body.text })}
          >
            Edit
          </button>
        )}
        <button type="button" onClick={() => setMode({ kind: 'rename', to: path })}>
          Rename
        </button>
        <button type="button" onClick={() => setMode({ kind: 'delete' })}>
          Delete
        </button>
        <button type="button" onClick={() => downloadFile(path, body, meta.mediaType)}>
          Download
        </button>
      </div>
      {error && (
        <p className="ws-error" role="alert">
          {error}
        </p>
      )}
      {mode.kind === 'rename' && (
        <form
          className="ws-rename"
          onSubmit={(event) => {
            event.preventDefault();
            run(
              () => tree.rename(path, mode.to.trim()),
              (change) => onMoved(change.path),
            );
          }}
        >
          <label>
            New path{' '}
            <input
              value={mode.to}
              onChange={(event) => setMode({ kind: 'rename', to: event.target.value })}
            />
          </label>
          <button type="submit" disabled={busy}>
            Save name
          </button>
          <button type="button" onClick={() => setMode({ kind: 'view' })}>
            Cancel
          </button>
        </form>
      )}
      {mode.kind === 'delete' && (
        <ConfirmDialog
          title={`Delete ${fileName(path)}?`}
          message={`${path} leaves the workspace. Its changes stay listed, and the model no longer sees it.`}
          confirmLabel="Delete"
          onCancel={() => setMode({ kind: 'view' })}
          onConfirm={() =>
            run(
              () => tree.remove(path),
              () => onMoved(null),
            )
          }
        />
      )}
      {mode.kind === 'edit' ? (
        <form
          className="ws-edit"
          onSubmit={(event) => {
            event.preventDefault();
            run(
              () => tree.writeText(path, mode.draft),
              () => setMode({ kind: 'view' }),
            );
          }}
        >
          <textarea
            aria-label={`Text of ${fileName(path)}`}
            value={mode.draft}
            spellCheck={false}
            onChange={(event) => setMode({ kind: 'edit', draft: event.target.value })}
          />
          <div className="ws-actions">
            <button type="submit" className="primary" disabled={busy}>
              Save
            </button>
            <button type="button" onClick={() => setMode({ kind: 'view' })}>
              Cancel
            </button>
          </div>
        </form>
      ) : (
        <>
          {previewable && (
            <div className="ws-tabs" role="tablist" aria-label={`How to show ${fileName(path)}`}>
              <button
                type="button"
                role="tab"
                aria-selected={!showPreview}
                aria-controls={tabsId}
                onClick={() => onPreview(false)}
              >
                Source
              </button>
              <button
                type="button"
                role="tab"
                aria-selected={showPreview}
                aria-controls={tabsId}
                onClick={() => onPreview(true)}
              >
                Preview
              </button>
            </div>
          )}
          <div id={tabsId} className="ws-content" role={previewable ? 'tabpanel' : undefined}>
            {showPreview && !body.binary ? (
              <FilePreview path={path} text={body.text} />
            ) : (
              <FileContent meta={meta} body={body} />
            )}
          </div>
        </>
      )}
      <FileChanges changes={changes} onRevert={(change) => tree.revert(change.id)} />
    </article>
  );
}
