import { useCallback, useRef, useState } from 'react';
import { newSession, openSettings } from '../state/actions/actions';
import { sessionById } from '../state/store/sessionIndex';
import { useBaton } from '../state/store/useBaton';
import { DropOverlay } from './attachments/DropOverlay';
import { useFileDrop } from './attachments/useFileDrop';
import { ChatView } from './chat/ChatView';
import { Composer } from './composer/Composer';
import { contextMeterView } from './contextMeter';
import { RegionBoundary } from './errors/RegionBoundary';
import { HandoffProposalSlot } from './handoff/HandoffProposalSlot';
import { Icon } from './icons/Icon';
import { SkipLink } from './keyboard/SkipLink';
import { useGlobalKeys } from './keyboard/useGlobalKeys';
import { useMessageBoxFocus } from './keyboard/useMessageBoxFocus';
import { useSidebarToggle } from './keyboard/useSidebarToggle';
import { lazyPart, lazyWhen } from './lazyPart';
import { Notices } from './Notices';
import { UpdateNotice } from './pwa/UpdateNotice';
import { StatusLine } from './StatusLine';
import { Sidebar } from './sidebar/Sidebar';
import { useAppliedTheme } from './theme/ThemeToggle';
import { useDrawerFocus } from './useDrawerFocus';
import './layout.css';

// Dialogs the first paint never shows load on first use: the initial JavaScript stays small.
const SettingsDialog = lazyPart(() => import('./settings/SettingsDialog').then((m) => m.SettingsDialog));
// After the first paint: it shows at most once in days, and only where the data is at risk.
const BackupReminder = lazyPart(() => import('./backup/BackupReminder').then((m) => m.default));
const ShortcutsDialog = lazyPart(() => import('./keyboard/ShortcutsDialog').then((m) => m.ShortcutsDialog));
// Only once the model has written a todo list, which most chats never do.
const TodosPanel = lazyPart(() => import('./TodosPanel').then((m) => m.TodosPanel));
// Notes and questions that only some moments raise load when their moment comes.
// The questions a delete may raise: what another tab's delete left here, and the workspace of a chain's last session.
const KeptAfterDeleteDialog = lazyWhen(
  (s) => s.keptAfterDelete !== null || s.workspaceAfterDelete != null,
  () => import('./KeptAfterDeleteDialog').then((m) => m.KeptAfterDeleteDialog),
);
const ToolRoundsPause = lazyWhen(
  (s) => s.toolRounds?.paused === true,
  () => import('./ToolRoundsPause').then((m) => m.ToolRoundsPause),
);
// Only a session with a parent has a trail to show.
const Breadcrumb = lazyWhen(
  (s) => {
    const parent = sessionById(s.sessions, s.activeSessionId)?.parentSession;
    return parent !== undefined && sessionById(s.sessions, parent) !== undefined;
  },
  () => import('./Breadcrumb').then((m) => m.Breadcrumb),
);
// Past the threshold only (contextMeterView is cached per entries: cheap in a selector).
const ContextBanner = lazyWhen(
  (s) => s.settings.autoHandoff !== 'off' && contextMeterView(s.entries, s.settings).overThreshold,
  () => import('./ContextBanner').then((m) => m.ContextBanner),
);
const AutoHandoffStopNote = lazyWhen(
  (s) => s.autoHandoffStop !== null,
  () => import('./handoff/AutoHandoffStopNote').then((m) => m.AutoHandoffStopNote),
);
// MCP tool calls waiting for the user's answer (issue 25).
const ToolPermissions = lazyWhen(
  (s) => s.toolPermissions.length > 0,
  () => import('./chat/permission/ToolPermissionCards').then((m) => m.ToolPermissionCards),
);

type Drawer = 'sessions' | 'todos';

const SESSIONS_DRAWER_ID = 'sessions-drawer';
const TODOS_DRAWER_ID = 'todos-drawer';

export function App() {
  const phase = useBaton((s) => s.phase);
  const activeSessionId = useBaton((s) => s.activeSessionId);
  const loadError = useBaton((s) => s.loadError);
  const [shortcutsOpen, setShortcutsOpen] = useState(false);
  const settingsOpen = useBaton((s) => s.settingsOpen);
  // Mounted from its first opening on, so that closing it (not unmounting) hands focus back.
  const [settingsLoaded, setSettingsLoaded] = useState(false);
  if (settingsOpen && !settingsLoaded) setSettingsLoaded(true);
  // On a narrow screen the sidebar and the todos are drawers over the chat.
  const [drawer, setDrawer] = useState<Drawer | null>(null);
  const toggles = useRef<Record<Drawer, HTMLButtonElement | null>>({ sessions: null, todos: null });
  // The todos take a column (or a drawer) only while there are some.
  const hasTodos = useBaton((s) => s.todos.length > 0);
  if (drawer === 'todos' && !hasTodos) setDrawer(null);
  useDrawerFocus(SESSIONS_DRAWER_ID, drawer === 'sessions');

  const closeDialogs = useCallback(() => {
    openSettings(false);
    setShortcutsOpen(false);
  }, []);

  useAppliedTheme();
  const drop = useFileDrop();
  const sidebar = useSidebarToggle((open) =>
    setDrawer((d) => (open(d === 'sessions') ? 'sessions' : d === 'sessions' ? null : d)),
  );
  useMessageBoxFocus(phase === 'ready', activeSessionId);
  useGlobalKeys({
    openShortcuts: () => setShortcutsOpen(true),
    focusSearch: sidebar.focusSearch,
    newSession: () => void newSession(),
    toggleSidebar: sidebar.toggle,
    closeDrawer: () => {
      if (drawer === null) return false;
      toggles.current[drawer]?.focus();
      setDrawer(null);
      return true;
    },
  });

  if (phase === 'loading') {
    return (
      <main className="splash" aria-busy="true">
        Loading your sessions…
      </main>
    );
  }
  if (phase === 'failed') {
    return (
      <main className="splash" role="alert">
        <h1>Baton could not open its storage</h1>
        <p>{loadError}</p>
        <p>Your data has not been changed. Reload the page to try again.</p>
      </main>
    );
  }

  const toggleButton = (which: Drawer, label: string, controls: string, tooltip: string) => (
    <button
      ref={(el) => {
        toggles.current[which] = el;
      }}
      type="button"
      className={`drawer-toggle drawer-toggle-${which} icon-button icon-only`}
      title={tooltip}
      aria-expanded={drawer === which}
      aria-controls={controls}
      onClick={() => setDrawer((d) => (d === which ? null : which))}
    >
      <Icon name={which === 'sessions' ? 'menu' : 'todos'} />
      <span className="button-label">{label}</span>
    </button>
  );
  // The chat's one row of chrome: the status line, with what opens the drawers (narrow
  // screens) or brings back a hidden sidebar (wide ones) at its ends.
  const chromeStart = (
    <>
      {toggleButton('sessions', 'Sessions', SESSIONS_DRAWER_ID, 'Sessions (Ctrl/⌘+Shift+S)')}
      {sidebar.hidden && (
        <button
          type="button"
          className="show-sidebar icon-button icon-only"
          title="Show sidebar (Ctrl/⌘+Shift+S)"
          onClick={sidebar.toggle}
        >
          <Icon name="sidebar" />
          <span className="button-label">Show sidebar</span>
        </button>
      )}
    </>
  );
  const chromeEnd = hasTodos && toggleButton('todos', 'Todos', TODOS_DRAWER_ID, 'Todos');

  return (
    <div
      className={`app${drawer ? ` drawer-open-${drawer}` : ''}${sidebar.hidden ? ' sidebar-hidden' : ''}${hasTodos ? ' has-todos' : ''}`}
    >
      <SkipLink />
      {/* Each region fails on its own (RegionBoundary): an error while drawing one shows a
          sentence and ways out there, and the others keep working. */}
      <RegionBoundary
        region="sessions"
        frame={(content) => (
          <aside className="sidebar" id={SESSIONS_DRAWER_ID} aria-label="Sessions sidebar">
            {content}
          </aside>
        )}
      >
        <Sidebar id={SESSIONS_DRAWER_ID} onNavigate={() => setDrawer(null)} />
      </RegionBoundary>
      {/* Under the open sessions drawer: a tap beside it closes it, as Esc does. */}
      {drawer === 'sessions' && (
        <div className="drawer-backdrop" aria-hidden="true" onClick={() => setDrawer(null)} />
      )}
      {/* Files dropped on the chat or the composer are attached to the next message. */}
      <main className="main" {...drop.handlers}>
        <DropOverlay over={drop.over} />
        {/* Another session may well draw: opening one draws the chat afresh. */}
        <RegionBoundary region="chat" resetKey={activeSessionId}>
          <StatusLine start={chromeStart} end={chromeEnd} />
          <Breadcrumb />
          <ContextBanner />
          <ToolRoundsPause />
          <ChatView />
          <AutoHandoffStopNote />
          <HandoffProposalSlot />
          <ToolPermissions />
        </RegionBoundary>
        {/* Anchored at the composer's top edge: a notice never covers its controls. Outside
            the regions, so what a region's way out did is still said. */}
        <Notices />
        <UpdateNotice />
        <BackupReminder />
        <RegionBoundary region="composer" resetKey={activeSessionId}>
          <Composer />
        </RegionBoundary>
      </main>
      {hasTodos && (
        <div className="todos-drawer" id={TODOS_DRAWER_ID}>
          <RegionBoundary region="todos" resetKey={activeSessionId}>
            <TodosPanel />
          </RegionBoundary>
        </div>
      )}
      <RegionBoundary region="dialog" onClose={closeDialogs}>
        <KeptAfterDeleteDialog />
        {settingsLoaded && <SettingsDialog />}
        {shortcutsOpen && <ShortcutsDialog onClose={() => setShortcutsOpen(false)} />}
      </RegionBoundary>
    </div>
  );
}
