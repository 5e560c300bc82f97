/**
 * Where the Files panel lies: drawn through a portal into the page's frame (`.app`, a
 * grid: layout.css), it takes a column of its own beside the chat on a wide screen and
 * is a drawer over the chat on a phone (workspace.css), holding the focus there
 * (useDrawerFocus). Esc inside it closes it and gives the focus back to the Files button.
 */
import {
  type KeyboardEvent,
  type RefObject,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { createPortal } from 'react-dom';
import type { FileTree } from '../../core/workspace/fileTree';
import { sessionById } from '../../state/store/sessionIndex';
import { useBaton } from '../../state/store/useBaton';
import { whenWorkspace } from '../../state/workspace/workspaceAccess';
import { useDrawerFocus } from '../useDrawerFocus';
import { showFile, WORKSPACE_DRAWER_ID } from './filesPanelState';
import type { WatchTree } from './useWorkspaceFiles';
import { WorkspacePanel } from './WorkspacePanel';

export function WorkspaceDrawer({
  button,
  onClose,
}: {
  button: RefObject<HTMLButtonElement | null>;
  onClose(): void;
}) {
  const sessionId = useBaton((s) => s.activeSessionId);
  const title = useBaton((s) => sessionById(s.sessions, s.activeSessionId)?.title);
  const [frame, setFrame] = useState<HTMLElement | null>(null);
  useLayoutEffect(() => setFrame(button.current?.closest<HTMLElement>('.app') ?? null), [button]);
  useDrawerFocus(WORKSPACE_DRAWER_ID, frame !== null);
  const found = useSessionTree(sessionId);
  // Another session has another workspace: the file open in the last one is not in it.
  const shownFor = useRef(sessionId);
  useEffect(() => {
    if (shownFor.current === sessionId) return;
    shownFor.current = sessionId;
    showFile(null);
  }, [sessionId]);

  const onKeyDown = (event: KeyboardEvent) => {
    // Esc in a dialog of the panel (Delete's confirmation) closes that dialog only.
    if (event.key !== 'Escape' || (event.target instanceof Element && event.target.closest('dialog'))) return;
    event.stopPropagation();
    onClose();
  };

  if (!frame) return null;
  return createPortal(
    // biome-ignore lint/a11y/noStaticElementInteractions: Esc anywhere inside the panel closes it (a key, not a pointer).
    <div className="ws-drawer" id={WORKSPACE_DRAWER_ID} onKeyDown={onKeyDown}>
      {found ? (
        <WorkspacePanel
          tree={found.tree}
          watch={found.watch}
          zipName={title || 'workspace'}
          onClose={onClose}
        />
      ) : (
        <section className="ws-panel" aria-label="Workspace">
          <p className="ws-note">
            {sessionId ? 'Opening the workspace…' : 'Open a session to see its files.'}
          </p>
        </section>
      )}
    </div>,
    frame,
  );
}

/** The session's workspace, once start-up has made the app's file store. */
function useSessionTree(sessionId: string | null): { tree: FileTree; watch: WatchTree } | null {
  const [found, setFound] = useState<{ id: string; tree: FileTree; watch: WatchTree } | null>(null);
  useEffect(() => {
    if (!sessionId) return;
    let live = true;
    void whenWorkspace().then((access) => {
      if (!live) return;
      const tree = access.workspaceTree(sessionId);
      setFound({ id: sessionId, tree, watch: (listener) => access.watch(tree.key, listener) });
    });
    return () => {
      live = false;
    };
  }, [sessionId]);
  return useMemo(() => (found && found.id === sessionId ? found : null), [found, sessionId]);
}
