/**
 * A directory as the view command lists it: files and directories up to two levels deep,
 * each with its size, hidden items and node_modules left out. The format is the memory
 * tool's documented one (its docs, "view" / "For directories"); the text editor's docs
 * prescribe none, and the same listing serves it.
 */

import { shortSize } from './fileSizes';
import type { FileMeta } from './fileStore';
import { isWithin, ROOT_PATH } from './workspacePaths';

export interface ListingEntry {
  path: string;
  size: number;
  directory: boolean;
}

/** What a path is among `files`: a file, a directory (holding files, or the root), nothing, or a name under a file. */
export type PathKind =
  | { kind: 'file'; meta: FileMeta }
  | { kind: 'directory' }
  | { kind: 'none' }
  | { kind: 'under-file'; file: string };

export function pathKind(files: readonly FileMeta[], path: string, rootDir: string): PathKind {
  if (path === rootDir || path === ROOT_PATH) return { kind: 'directory' };
  let directory = false;
  for (const meta of files) {
    if (meta.path === path) return { kind: 'file', meta };
    if (isWithin(meta.path, path)) directory = true;
    else if (isWithin(path, meta.path)) return { kind: 'under-file', file: meta.path };
  }
  return directory ? { kind: 'directory' } : { kind: 'none' };
}

/** The files under `dir`, `dir` itself excepted. */
export function filesUnder(files: readonly FileMeta[], dir: string): FileMeta[] {
  return files.filter((meta) => meta.path !== dir && isWithin(meta.path, dir));
}

/** The entries of `dir` up to `depth` levels, and the size of everything under it. */
export function directoryEntries(
  files: readonly FileMeta[],
  dir: string,
  depth = 2,
): { size: number; entries: ListingEntry[] } {
  const entries = new Map<string, ListingEntry>();
  let size = 0;
  for (const meta of filesUnder(files, dir)) {
    size += meta.size;
    const names = meta.path.slice(dir === ROOT_PATH ? 1 : dir.length + 1).split('/');
    let at = dir;
    for (let level = 0; level < Math.min(depth, names.length); level++) {
      const name = names[level] ?? '';
      if (name.startsWith('.') || name === 'node_modules') break;
      at = joinPath(at, name);
      const directory = level < names.length - 1;
      const entry = entries.get(at) ?? { path: at, size: 0, directory };
      entry.size += meta.size;
      entries.set(at, entry);
    }
  }
  return { size, entries: [...entries.values()].sort((a, b) => (a.path < b.path ? -1 : 1)) };
}

/** The listing's text: the header line, the directory's own line, then one line per entry. */
export function listingText(dir: string, files: readonly FileMeta[]): string {
  const { size, entries } = directoryEntries(files, dir);
  const lines = [
    `Here're the files and directories up to 2 levels deep in ${dir}, excluding hidden items and node_modules:`,
    `${shortSize(size)}\t${dir}`,
    ...entries.map((entry) => `${shortSize(entry.size)}\t${entry.path}${entry.directory ? '/' : ''}`),
  ];
  return lines.join('\n');
}

export function joinPath(dir: string, name: string): string {
  return dir === ROOT_PATH ? `/${name}` : `${dir}/${name}`;
}
