/**
 * The session log the conversation is written into, one at a time: each finished
 * message appended as an entry (a reply's entry growing as it streams), the header saved
 * with every change, and the move to another log (opened, new, or handed off to).
 * Persisting goes through the SessionPersistence port; nothing here knows the agent.
 */
import type { AgentMessage } from '../types/agentMessage';
import type { CustomMessageEntry, MessageEntry, SessionEntry, SessionHeader } from '../types/entry';
import type { Message } from '../types/message';
import type { ThinkingSetting } from '../types/thinking';
import type { SessionPersistence } from './persistence';
import { createSessionHeader, DEFAULT_SESSION_TITLE, SessionLog } from './sessionLog';
import { titleOfMessage } from './sessionTitle';

export type SessionHostEvent =
  | { type: 'session_changed'; header: SessionHeader; previous?: SessionHeader }
  | { type: 'header_changed'; header: SessionHeader };

export interface SessionHostPorts {
  persistence: SessionPersistence;
  now(): number;
  newId(): string;
  emit(event: SessionHostEvent): void;
}

/** The agent's events as the log sees them: its message events are recorded, the rest pass by. */
export type RecordableEvent =
  | { type: 'message_start' | 'message_end'; message: AgentMessage }
  | { type: 'message_update'; message: Message }
  | { type: 'agent_start' | 'turn_end' | 'agent_end' | 'queue_update' | 'tool_round' };

type Linked = 'id' | 'parentId' | 'sessionId' | 'timestamp';
type EntryBody = Omit<MessageEntry, Linked> | Omit<CustomMessageEntry, Linked>;

export class SessionHost {
  private current: SessionLog;
  /** The entry the reply being streamed is written to. */
  private streamingEntryId: string | undefined;

  constructor(
    log: SessionLog,
    private readonly ports: SessionHostPorts,
  ) {
    this.current = log;
  }

  get log(): SessionLog {
    return this.current;
  }

  get header(): SessionHeader {
    return this.current.header;
  }

  /** Started by a handoff: there are earlier sessions behind this one. */
  get startedByHandoff(): boolean {
    return this.current.header.parentSession !== undefined;
  }

  branch(): SessionEntry[] {
    return this.current.getBranch();
  }

  countBranchMessages(): number {
    return this.current.getBranch().filter((entry) => entry.type === 'message').length;
  }

  /** Writes what the agent's event finished into the log, before anyone hears of it. */
  record(event: RecordableEvent): void {
    switch (event.type) {
      case 'message_start':
        if (event.message.role === 'assistant')
          this.streamingEntryId = this.append(messageBody(event.message)).id;
        break;
      case 'message_update':
        this.updateStreamingEntry(event.message);
        break;
      case 'message_end':
        if (event.message.role === 'assistant') {
          this.updateStreamingEntry(event.message);
          this.streamingEntryId = undefined;
        } else if (event.message.role === 'custom') {
          const { role: _role, ...custom } = event.message;
          this.append({ type: 'custom_message', ...custom });
        } else {
          this.append(messageBody(event.message));
        }
        // Failures are reported by the persistence layer itself and retried there.
        void this.ports.persistence.flush().catch(() => undefined);
        break;
      default:
        break;
    }
  }

  appendMessage(message: Message): void {
    this.append(messageBody(message));
  }

  /** Appends an entry as the new leaf; the first user message names a new session. */
  private append(body: EntryBody): SessionEntry {
    const entry = {
      id: this.ports.newId(),
      parentId: this.current.header.leafId,
      sessionId: this.current.id,
      timestamp: this.ports.now(),
      ...body,
    };
    this.current.append(entry);
    this.ports.persistence.saveEntry(entry);
    if (
      this.current.header.title === DEFAULT_SESSION_TITLE &&
      body.type === 'message' &&
      body.message.role === 'user'
    ) {
      this.current.header = { ...this.current.header, title: titleOfMessage(body.message) };
    }
    this.saveHeader();
    return entry;
  }

  private updateStreamingEntry(message: Message): void {
    const id = this.streamingEntryId;
    const entry = id === undefined ? undefined : this.current.get(id);
    if (entry?.type !== 'message') return;
    const updated: MessageEntry = { ...(entry as MessageEntry), message };
    this.current.update(updated);
    this.ports.persistence.saveEntry(updated);
  }

  saveHeader(): void {
    this.ports.persistence.saveHeader(this.current.header);
    this.ports.emit({ type: 'header_changed', header: this.current.header });
  }

  /**
   * Renames the open session; true if it was. With `generatedOver`, a title the model
   * wrote (generatedTitle.ts): set only while the title is still `generatedOver`, so a
   * rename by the user, made before or while the model was asked, always wins; and not a
   * use of the session by the user, so its place by date stays.
   */
  rename(title: string, generatedOver?: string): boolean {
    const trimmed = title.trim();
    if (!trimmed) return false;
    if (generatedOver !== undefined && this.current.header.title !== generatedOver) return false;
    const updatedAt = generatedOver === undefined ? this.ports.now() : this.current.header.updatedAt;
    this.current.header = { ...this.current.header, title: trimmed, updatedAt };
    this.saveHeader();
    return true;
  }

  /** A session with nothing stored yet keeps it in its header, written with the first message. */
  setThinking(setting: ThinkingSetting): void {
    this.current.header = { ...this.current.header, thinking: { ...setting } };
    if (this.current.header.leafId === null)
      this.ports.emit({ type: 'header_changed', header: this.current.header });
    else this.saveHeader();
  }

  /** The model this session's next requests use (Switch model); stored like the thinking. */
  setModel(model: string): void {
    this.current.header = { ...this.current.header, model };
    if (this.current.header.leafId === null)
      this.ports.emit({ type: 'header_changed', header: this.current.header });
    else this.saveHeader();
  }

  /** Moves the leaf in memory only: the header (with it) is saved with the next message. */
  moveLeaf(leafId: string | null): void {
    this.current.header = { ...this.current.header, leafId };
  }

  /** Sets the open log's header as it is now stored (the handoff switch's parent with its child). */
  replaceHeader(header: SessionHeader): void {
    this.current.header = header;
  }

  /** Makes `log` the one written to; returns the header of the one left. */
  enter(log: SessionLog): SessionHeader {
    const previous = this.current.header;
    this.current = log;
    this.streamingEntryId = undefined;
    return previous;
  }

  /** A reply's entry is no longer being written (its context was reloaded). */
  forgetStreaming(): void {
    this.streamingEntryId = undefined;
  }

  /**
   * Rewrites the log as held in memory: each entry and the header through the given
   * functions (undefined leaves one as it is). True if anything changed.
   */
  rewrite(
    entry: (value: SessionEntry) => SessionEntry | undefined,
    header: (value: SessionHeader) => SessionHeader | undefined,
  ): boolean {
    let changed = false;
    for (const old of this.current.entries()) {
      const next = entry(old);
      if (next) {
        this.current.update(next);
        changed = true;
      }
    }
    const nextHeader = header(this.current.header);
    if (nextHeader) {
      this.current.header = nextHeader;
      changed = true;
    }
    return changed;
  }

  /** A new, empty session on `model`. Nothing is stored until its first message. */
  createEmpty(model: string): SessionLog {
    return new SessionLog(createSessionHeader({ id: this.ports.newId(), model, now: this.ports.now() }));
  }
}

function messageBody(message: Message): Omit<MessageEntry, Linked> {
  return { type: 'message', message };
}
