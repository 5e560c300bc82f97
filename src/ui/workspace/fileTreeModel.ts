/**
 * The flat file list as folders and files, for the panel's tree. The store keeps paths
 * only (`/docs/a.md`): folders are what the paths imply.
 */
import type { FileMeta } from '../../core/workspace/fileStore';

export interface FolderNode {
  name: string;
  /** Its path, `/docs`; `/` for the root. */
  path: string;
  folders: FolderNode[];
  files: FileMeta[];
}

export function buildTree(files: readonly FileMeta[]): FolderNode {
  const root: FolderNode = { name: '', path: '/', folders: [], files: [] };
  for (const file of files) {
    const parts = file.path.split('/').filter(Boolean);
    let folder = root;
    for (const part of parts.slice(0, -1)) {
      const path = `${folder.path === '/' ? '' : folder.path}/${part}`;
      let next = folder.folders.find((f) => f.name === part);
      if (!next) {
        next = { name: part, path, folders: [], files: [] };
        folder.folders.push(next);
      }
      folder = next;
    }
    folder.files.push(file);
  }
  sortFolder(root);
  return root;
}

function sortFolder(folder: FolderNode): void {
  folder.folders.sort((a, b) => a.name.localeCompare(b.name));
  folder.files.sort((a, b) => a.path.localeCompare(b.path));
  for (const child of folder.folders) sortFolder(child);
}

/** The last segment of a path: what the tree and the preview's title show. */
export function fileName(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1);
}

/** "10:42", or "3 Dec, 10:42" for another day: when a file last changed, as a person reads it. */
export function shortTime(time: number, now = Date.now()): string {
  const date = new Date(time);
  const today = new Date(now).toDateString() === date.toDateString();
  return date.toLocaleString(undefined, {
    ...(today ? {} : { month: 'short', day: 'numeric' }),
    hour: '2-digit',
    minute: '2-digit',
  });
}
