/**
 * Everything the UI can do, as plain functions over the store and the runtime.
 * They turn core results into notices the user can read; no action throws into
 * React.
 */
import { AgentBusyError } from '../core/agent/agent';
import { AgentSession, type SessionEvent } from '../core/agentSession';
import { parseSlashInput } from '../core/commands/parseSlashInput';
import { expandPromptTemplate } from '../core/commands/promptTemplates';
import {
  HANDOFF_CANCELLED,
  HANDOFF_NEW_SESSION_NOTICE,
  HandoffRefused,
  handoffFailedMessage,
  NOTHING_TO_HAND_OFF,
} from '../core/handoff/handoffMachine';
import { redactSecret } from '../core/redactSecret';
import { createSessionHeader, SessionLog } from '../core/session/sessionLog';
import type { SessionHeader } from '../core/session/types';
import { SessionRepository } from '../storage/sessionRepository';
import { WriteQueue } from '../storage/writeQueue';
import { builtinCommands, type CommandContext } from './builtinCommands';
import { frameThrottle } from './frameThrottle';
import { chooseModel } from './modelClients';
import { dismissNotice, notify, notifyError } from './notices';
import { getRuntime, hasRuntime, setRuntime } from './runtime';
import {
  readTabKey,
  restoreSettings,
  SETTINGS_KEY,
  type Settings,
  storedSettings,
  writeTabKey,
} from './settings';
import { type BatonState, batonStore } from './store';

const get = () => batonStore.getState();
const set = (partial: Partial<BatonState> | ((s: BatonState) => Partial<BatonState>)) =>
  batonStore.setState(partial);

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function sortSessions(sessions: SessionHeader[]): SessionHeader[] {
  return [...sessions].sort((a, b) => b.updatedAt - a.updatedAt);
}

/** Inserts or replaces a header in the list. */
function upsertSession(header: SessionHeader): void {
  set((s) => ({ sessions: sortSessions([header, ...s.sessions.filter((h) => h.id !== header.id)]) }));
}

/** An empty session that was never stored leaves the list when the user moves away. */
function dropIfUnsaved(header: SessionHeader | undefined): void {
  if (header && header.leafId === null)
    set((s) => ({ sessions: s.sessions.filter((h) => h.id !== header.id) }));
}

export async function startApp(options: { databaseName?: string } = {}): Promise<void> {
  try {
    const repository = await SessionRepository.open(options.databaseName);
    const settings = restoreSettings(await repository.getSetting(SETTINGS_KEY));
    if (!settings.rememberKey) settings.apiKey = readTabKey();
    const { headers, problems } = await repository.loadHeaders();
    const activeId = await repository.getActiveSessionId();
    const queue = new WriteQueue(repository, {
      onError: (error) => set({ saveError: `Could not save your changes (${errorText(error)}). Retrying…` }),
      onSaved: () => {
        if (!queue.hasPendingWrites()) set({ saveError: null });
      },
    });
    let log: SessionLog | undefined;
    const active = headers.find((h) => h.id === activeId) ?? headers[0];
    const loadProblems = [...problems];
    if (active) {
      const loaded = await repository.loadEntries(active.id);
      loadProblems.push(...loaded.problems);
      log = new SessionLog(active, loaded.entries);
    }
    set({ settings });
    const session = new AgentSession(
      {
        persistence: queue,
        getModelClient: () => currentModel().client,
        getModel: () => currentModel().model,
        getMaxTokens: () => get().settings.maxTokens,
        getApiKey: () => get().settings.apiKey || undefined,
        getPromptTemplates: () => get().settings.promptTemplates,
        redact: redactSecret,
      },
      log ??
        new SessionLog(
          createSessionHeader({ id: crypto.randomUUID(), model: currentModel().model, now: Date.now() }),
        ),
    );
    setRuntime({ repository, queue, session });
    bindSession(session);
    // Only now may anything be written: the first load has finished.
    queue.start();
    flushWhenHidden(queue);
    set({
      phase: 'ready',
      sessions: sortSessions(log ? headers : [session.header, ...headers]),
      activeSessionId: session.header.id,
      entries: session.log.getBranch(),
      todos: session.todos,
    });
    for (const problem of loadProblems) notifyError(problem);
  } catch (error) {
    set({ phase: 'failed', loadError: errorText(error) });
  }
}

/** A tab being hidden may be the last chance to write: the browser can discard it after. */
function flushWhenHidden(queue: WriteQueue): void {
  const flush = () => void queue.flush().catch(() => undefined);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') flush();
  });
  window.addEventListener('pagehide', flush);
}

function currentModel() {
  return chooseModel(get().settings, (attempt, max) =>
    set({ retryStatus: `Retrying (${attempt} of ${max})…` }),
  );
}

/** Mirrors the session's events into the store. */
function bindSession(session: AgentSession): void {
  const streaming = frameThrottle<BatonState['streaming']>((value) => set({ streaming: value }));
  let streamingEntryId: string | undefined;
  const refreshEntries = () => set({ entries: session.log.getBranch() });
  session.subscribe((event: SessionEvent) => {
    switch (event.type) {
      case 'agent_start':
        set({ isStreaming: true, retryStatus: null });
        break;
      case 'message_start':
        if (event.message.role === 'assistant') {
          streamingEntryId = session.log.header.leafId ?? undefined;
          refreshEntries();
          if (streamingEntryId) streaming.push({ entryId: streamingEntryId, message: event.message });
        }
        break;
      case 'message_update':
        if (get().retryStatus) set({ retryStatus: null });
        if (streamingEntryId) streaming.push({ entryId: streamingEntryId, message: event.message });
        break;
      case 'message_end':
        if (event.message.role === 'assistant') {
          streaming.push(null);
          streaming.flush();
          streamingEntryId = undefined;
        }
        refreshEntries();
        break;
      case 'agent_end':
        set({ isStreaming: false, retryStatus: null });
        // A handoff's own error is reported once, as "Handoff failed: …", by startHandoff.
        if (event.error && !session.isGeneratingHandoff) notifyError(event.error.message);
        break;
      case 'queue_update':
        set({
          queue: { steering: [...session.agent.steeringQueue], followUps: [...session.agent.followUpQueue] },
        });
        break;
      case 'todos_changed':
        set({ todos: event.todos });
        break;
      case 'header_changed':
        upsertSession(event.header);
        break;
      case 'session_changed':
        dropIfUnsaved(event.previous);
        upsertSession(event.header);
        set({ activeSessionId: event.header.id, entries: session.log.getBranch(), streaming: null });
        break;
      case 'handoff_state':
        set({ handoff: event.state });
        break;
      case 'queued_text_returned':
        set((s) => ({ composerText: s.composerText ? `${event.text}\n\n${s.composerText}` : event.text }));
        notify('Your queued message is back in the message box.');
        break;
      default:
        break;
    }
  });
}

export function setComposerText(text: string): void {
  set({ composerText: text });
}

const commandContext: CommandContext = {
  showHelp,
  newSession,
  handoff: startHandoff,
};

function isTemplate(name: string): boolean {
  return get().settings.promptTemplates.some((t) => t.name === name);
}

/**
 * The composer's Enter. Commands run, unknown commands keep the text and say so,
 * anything else is sent, or queued when a reply is still being written
 * (`steer` puts it into the next turn instead of after the reply).
 */
export async function submitComposer(text: string, options: { steer?: boolean } = {}): Promise<void> {
  if (!hasRuntime() || text.trim() === '') return;
  const { session } = getRuntime();
  const parsed = parseSlashInput(text, (name) => builtinCommands.has(name) || isTemplate(name));
  if (parsed.kind === 'unknown-command') {
    notifyError(
      `Unknown command: /${parsed.name}. Type / to see the commands, or start with // to send it as text.`,
    );
    return;
  }
  if (parsed.kind === 'command' && builtinCommands.has(parsed.name)) {
    set({ composerText: '' });
    await builtinCommands.get(parsed.name)?.run(parsed.args, commandContext);
    return;
  }
  const isTemplateCall = parsed.kind === 'command';
  const body = parsed.kind === 'text' ? parsed.text : text;
  set({ composerText: '' });
  if (session.isBusy) {
    const expanded = isTemplateCall ? expandNow(body) : body;
    session.queue(expanded, options.steer ? 'steering' : 'followUp');
    return;
  }
  try {
    await session.prompt(body, { expandPromptTemplates: isTemplateCall });
  } catch (error) {
    if (error instanceof AgentBusyError) session.queue(body, 'followUp');
    else notifyError(errorText(error));
  }
}

function expandNow(text: string): string {
  return expandPromptTemplate(text, get().settings.promptTemplates)?.expanded ?? text;
}

export function removeQueued(kind: 'steering' | 'followUp', index: number): void {
  if (hasRuntime()) getRuntime().session.agent.removeQueued(kind, index);
}

/** Esc: cancels a handoff first, otherwise stops the reply. */
export function stop(): boolean {
  if (!hasRuntime()) return false;
  const { session } = getRuntime();
  if (session.isGeneratingHandoff) return session.abortHandoff();
  if (session.agent.isStreaming) {
    session.agent.abort();
    return true;
  }
  return false;
}

export async function startHandoff(focus: string): Promise<void> {
  if (!hasRuntime()) return;
  const { session } = getRuntime();
  // The UI's own preflight (spec, Trigger 4); the session layer checks again and throws.
  if (!session.isBusy && session.countBranchMessages() < 2) {
    notify(NOTHING_TO_HAND_OFF);
    return;
  }
  try {
    const result = await session.handoff(focus.trim() || undefined);
    if (result.status === 'done') notify(HANDOFF_NEW_SESSION_NOTICE);
    else if (result.status === 'cancelled') notifyError(HANDOFF_CANCELLED);
    else notifyError(handoffFailedMessage(result.reason));
  } catch (error) {
    if (error instanceof HandoffRefused) notify(error.message);
    else notifyError(handoffFailedMessage(errorText(error)));
  }
}

export function showHelp(): void {
  const commands = builtinCommands
    .list()
    .map((c) => `/${c.name}${c.argumentHint ? ` ${c.argumentHint}` : ''} — ${c.description}`);
  const templates = get().settings.promptTemplates.map(
    (t) => `/${t.name} — template${t.description ? `: ${t.description}` : ''}`,
  );
  notify('Commands', [
    ...commands,
    ...templates,
    'Enter sends · Shift+Enter new line · Esc stops a reply · while a reply streams: Enter queues a follow-up, Alt+Enter steers the next turn',
  ]);
}

export async function newSession(): Promise<void> {
  if (!hasRuntime()) return;
  const { session } = getRuntime();
  if (session.isBusy) {
    notifyError('A reply is still being written. Stop it with Esc first.');
    return;
  }
  if (session.header.leafId === null) return; // Already in an empty session.
  await session.open(session.createEmptySession()).catch((error) => notifyError(errorText(error)));
}

export async function openSession(id: string): Promise<void> {
  if (!hasRuntime()) return;
  const { session, repository } = getRuntime();
  if (id === session.header.id) return;
  if (session.isBusy) {
    notifyError('A reply is still being written. Stop it with Esc first.');
    return;
  }
  const header = get().sessions.find((h) => h.id === id);
  if (!header) {
    notifyError('That session no longer exists.');
    return;
  }
  try {
    const { entries, problems } = await repository.loadEntries(id);
    for (const problem of problems) notifyError(problem);
    await session.open(new SessionLog(header, entries));
  } catch (error) {
    notifyError(`Could not open the session: ${errorText(error)}`);
  }
}

export function renameSession(id: string, title: string): void {
  if (!hasRuntime() || !title.trim()) return;
  const { session, queue } = getRuntime();
  if (id === session.header.id) {
    session.rename(title);
    return;
  }
  const header = get().sessions.find((h) => h.id === id);
  if (!header) return;
  const renamed = { ...header, title: title.trim() };
  queue.saveHeader(renamed);
  upsertSession(renamed);
}

export async function deleteSession(id: string): Promise<void> {
  if (!hasRuntime()) return;
  const { session, repository, queue } = getRuntime();
  const isActive = id === session.header.id;
  if (isActive && session.isBusy) {
    notifyError('A reply is still being written. Stop it with Esc first.');
    return;
  }
  try {
    // Queued writes for this session would bring it back after the delete.
    await queue.flush();
    await repository.deleteSession(id);
    set((s) => ({
      sessions: s.sessions
        .filter((h) => h.id !== id)
        .map((h) => (h.children.includes(id) ? { ...h, children: h.children.filter((c) => c !== id) } : h)),
    }));
    if (session.header.children.includes(id)) {
      session.log.header = { ...session.header, children: session.header.children.filter((c) => c !== id) };
    }
    if (isActive) {
      const next = get().sessions[0];
      if (next) await openSession(next.id);
      else await session.open(session.createEmptySession());
    }
    notify('Session deleted');
  } catch (error) {
    notifyError(`Could not delete the session: ${errorText(error)}`);
  }
}

export function openSettings(open: boolean): void {
  set({ settingsOpen: open });
}

export async function saveSettings(next: Settings): Promise<void> {
  set({ settings: next });
  writeTabKey(next);
  if (!hasRuntime()) return;
  try {
    await getRuntime().repository.setSetting(SETTINGS_KEY, storedSettings(next));
  } catch (error) {
    notifyError(`Could not save the settings: ${errorText(error)}`);
  }
}

export { dismissNotice };
