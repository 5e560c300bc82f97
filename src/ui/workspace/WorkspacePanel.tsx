import { type DragEvent, useMemo, useRef, useState } from 'react';
import type { FileTree } from '../../core/workspace/fileTree';
import { saveBlob, zipTree } from './downloads';
import { changesOf } from './FileChanges';
import { FileTreeView } from './FileTreeView';
import { FileView } from './FileView';
import { failureSentence } from './failureSentence';
import { showFile, useFilesPanel } from './filesPanelState';
import { buildTree } from './fileTreeModel';
import { useWorkspaceFiles, type WatchTree } from './useWorkspaceFiles';
import './workspace.css';

function carriesFiles(event: DragEvent<HTMLElement>): boolean {
  return event.dataTransfer?.types.includes('Files') === true;
}

/**
 * The Files panel (issue 26): the open session's workspace as a tree, the open file with
 * its actions and changes, and uploads (the Upload button, or files dropped on the panel)
 * and Download all. `zipName` names the .zip (the session's title).
 */
export function WorkspacePanel({
  tree,
  watch,
  zipName,
  onClose,
}: {
  tree: FileTree;
  watch: WatchTree;
  zipName: string;
  onClose(): void;
}) {
  const { files, history, loading, error, version } = useWorkspaceFiles(tree, watch);
  const view = useFilesPanel();
  const root = useMemo(() => buildTree(files), [files]);
  const [notes, setNotes] = useState<string[]>([]);
  const [over, setOver] = useState(false);
  const [zipping, setZipping] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  const upload = async (picked: readonly File[]) => {
    const failed: string[] = [];
    for (const file of picked) {
      try {
        await tree.upload(`/${file.name}`, file, file.type);
      } catch (failure) {
        failed.push(`${file.name}: ${failureSentence(failure)}`);
      }
    }
    setNotes(failed);
  };

  const downloadAll = () => {
    setZipping(true);
    setNotes([]);
    zipTree(tree)
      .then(
        (zip) => saveBlob(zip, `${zipName}.zip`),
        (failure: unknown) => setNotes([`The .zip could not be made: ${failureSentence(failure)}`]),
      )
      .finally(() => setZipping(false));
  };

  // Drops here go to the workspace, not to the chat's attachments (App's main takes drops too).
  const dragOver = (event: DragEvent<HTMLElement>) => {
    if (!carriesFiles(event)) return;
    event.preventDefault();
    event.stopPropagation();
    event.dataTransfer.dropEffect = 'copy';
    setOver(true);
  };

  return (
    <section
      className={`ws-panel${over ? ' ws-drop-over' : ''}`}
      aria-label="Workspace"
      onDragEnter={dragOver}
      onDragOver={dragOver}
      onDragLeave={(event) => {
        const to = event.relatedTarget;
        if (!(to instanceof Node) || !event.currentTarget.contains(to)) setOver(false);
      }}
      onDrop={(event) => {
        if (!carriesFiles(event)) return;
        event.preventDefault();
        event.stopPropagation();
        setOver(false);
        void upload([...event.dataTransfer.files]);
      }}
    >
      <header className="ws-header">
        <h2>Workspace</h2>
        <button type="button" onClick={() => input.current?.click()}>
          Upload
        </button>
        <input
          ref={input}
          type="file"
          multiple
          hidden
          aria-label="Files to upload"
          onChange={(event) => {
            const picked = [...(event.target.files ?? [])];
            event.target.value = '';
            void upload(picked);
          }}
        />
        <button type="button" disabled={files.length === 0 || zipping} onClick={downloadAll}>
          Download all
        </button>
        <button type="button" className="ws-close" onClick={onClose}>
          Close
        </button>
      </header>
      <div className="visually-hidden" aria-live="polite">
        {over ? 'Drop files to upload them to the workspace' : ''}
      </div>
      {notes.length > 0 && (
        <div className="ws-error" role="alert">
          {notes.map((note) => (
            <p key={note}>{note}</p>
          ))}
        </div>
      )}
      {error && (
        <p className="ws-error" role="alert">
          {error}
        </p>
      )}
      {!loading && files.length === 0 && !error && (
        <p className="ws-empty">
          The files the model writes appear here; you can also drop files here to upload them.
        </p>
      )}
      <FileTreeView root={root} selected={view.path} onOpen={(path) => showFile(path)} />
      {view.path !== null && (
        <FileView
          tree={tree}
          path={view.path}
          version={version}
          changes={changesOf(history, view.path)}
          preview={view.preview}
          onPreview={(preview) => showFile(view.path, preview)}
          onMoved={(path) => showFile(path)}
        />
      )}
    </section>
  );
}
