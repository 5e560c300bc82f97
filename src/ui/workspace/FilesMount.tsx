/**
 * The Files button in the chat's status line (issue 26), and the panel's drawer while it
 * is open. Drawn just after the first paint (StatusLine's later controls); the drawer (WorkspaceDrawer: the panel,
 * its place in the page, its focus and Esc) loads on the first opening.
 */
import { useRef } from 'react';
import { Icon } from '../icons/Icon';
import { lazyPart } from '../lazyPart';
import { closeFilesPanel, openFilesPanel, useFilesPanel, WORKSPACE_DRAWER_ID } from './filesPanelState';

const WorkspaceDrawer = lazyPart(() => import('./WorkspaceDrawer').then((m) => m.WorkspaceDrawer));

export function FilesMount() {
  const panel = useFilesPanel();
  const button = useRef<HTMLButtonElement>(null);
  const close = () => {
    closeFilesPanel();
    button.current?.focus();
  };
  return (
    <>
      <button
        ref={button}
        type="button"
        className="files-toggle icon-button"
        aria-expanded={panel.open}
        aria-controls={WORKSPACE_DRAWER_ID}
        title="The files of this session's workspace"
        onClick={() => (panel.open ? close() : openFilesPanel(panel.path))}
      >
        <Icon name="attach" />
        <span className="button-label">Files</span>
      </button>
      {panel.open && <WorkspaceDrawer button={button} onClose={close} />}
    </>
  );
}
