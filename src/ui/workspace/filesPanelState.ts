/**
 * Whether the Files panel is open and on which file: shared by the Files button, the
 * panel and the chat's text editor cards (which open the panel on a file). A tiny store
 * of its own, in the lazy chunks: the first load never holds it.
 */
import { useSyncExternalStore } from 'react';

/** The drawer's element (WorkspaceDrawer), which the Files button controls. */
export const WORKSPACE_DRAWER_ID = 'workspace-drawer';

export interface FilesPanelView {
  open: boolean;
  /** The file shown, or null for the tree alone. */
  path: string | null;
  /** Show the file's Preview tab (HTML and SVG) rather than its text. */
  preview: boolean;
}

let view: FilesPanelView = { open: false, path: null, preview: false };
const listeners = new Set<() => void>();

function set(next: Partial<FilesPanelView>): void {
  view = { ...view, ...next };
  for (const listener of listeners) listener();
}

export function openFilesPanel(path: string | null = null, preview = false): void {
  set({ open: true, path, preview });
}

export function closeFilesPanel(): void {
  set({ open: false });
}

export function showFile(path: string | null, preview = false): void {
  set({ path, preview });
}

export function useFilesPanel(): FilesPanelView {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => view,
  );
}
