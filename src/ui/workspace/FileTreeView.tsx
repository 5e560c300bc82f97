import { formatBytes } from '../../core/attachments/attachmentLimits';
import type { FileMeta } from '../../core/workspace/fileStore';
import { type FolderNode, fileName, shortTime } from './fileTreeModel';

/** The workspace's folders and files, each file with its size and last change; a file opens on click. */
export function FileTreeView({
  root,
  selected,
  onOpen,
}: {
  root: FolderNode;
  selected: string | null;
  onOpen(path: string): void;
}) {
  return (
    <ul className="ws-tree" aria-label="Files">
      <FolderItems folder={root} selected={selected} onOpen={onOpen} />
    </ul>
  );
}

function FolderItems({
  folder,
  selected,
  onOpen,
}: {
  folder: FolderNode;
  selected: string | null;
  onOpen(path: string): void;
}) {
  return (
    <>
      {folder.folders.map((child) => (
        <li key={child.path} className="ws-folder">
          <span className="ws-folder-name">
            <span aria-hidden="true">▸ </span>
            {child.name}/
          </span>
          <ul>
            <FolderItems folder={child} selected={selected} onOpen={onOpen} />
          </ul>
        </li>
      ))}
      {folder.files.map((file) => (
        <li key={file.path}>
          <FileRow file={file} current={file.path === selected} onOpen={onOpen} />
        </li>
      ))}
    </>
  );
}

function FileRow({
  file,
  current,
  onOpen,
}: {
  file: FileMeta;
  current: boolean;
  onOpen(path: string): void;
}) {
  const changed = new Date(file.modifiedAt);
  return (
    <button
      type="button"
      className="ws-file"
      aria-current={current ? 'true' : undefined}
      title={file.path}
      onClick={() => onOpen(file.path)}
    >
      <span className="ws-file-name">{fileName(file.path)}</span>
      <span className="ws-file-size">{formatBytes(file.size)}</span>
      <time className="ws-file-time" dateTime={changed.toISOString()}>
        {shortTime(file.modifiedAt)}
      </time>
    </button>
  );
}
