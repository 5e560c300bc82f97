/**
 * Saving a file, or the whole workspace as a .zip, through a blob link: the browser's own
 * download, with no server. The zip library (fflate) loads on the first Download all.
 */
import type { FileBody } from '../../core/workspace/fileStore';
import type { FileTree } from '../../core/workspace/fileTree';
import { fileName } from './fileTreeModel';

export function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // The click has started the download; the URL is only needed that long.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

export function bodyBlob(body: FileBody, mediaType: string): Blob {
  return body.binary ? body.blob : new Blob([body.text], { type: mediaType || 'text/plain' });
}

export function downloadFile(path: string, body: FileBody, mediaType: string): void {
  saveBlob(bodyBlob(body, mediaType), fileName(path));
}

/** Every file of the tree in one .zip, paths kept (without the leading `/`). */
export async function zipTree(tree: FileTree): Promise<Blob> {
  const [{ zipSync }, files] = await Promise.all([import('fflate'), tree.list()]);
  const entries: Record<string, Uint8Array> = {};
  for (const meta of files) {
    const file = await tree.read(meta.path);
    if (!file) continue;
    const bytes = file.body.binary
      ? new Uint8Array(await file.body.blob.arrayBuffer())
      : new TextEncoder().encode(file.body.text);
    entries[meta.path.replace(/^\/+/, '')] = bytes;
  }
  const zipped = zipSync(entries);
  return new Blob([zipped.buffer as ArrayBuffer], { type: 'application/zip' });
}
