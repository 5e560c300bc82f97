/**
 * What the page and the sync worker say to each other (issue 28), and what the sync
 * workers of all tabs say on the SYNC_CHANNEL_NAME BroadcastChannel. Plain data only:
 * each crosses a thread by structured clone.
 */
import type { SyncErrorKind, SyncSettings, SyncStatus } from '../syncStatus';

/** The first message to a new worker: which database it syncs. */
export interface SyncWorkerInit {
  type: 'init';
  databaseName: string;
}

export type SyncCommand =
  | { id: number; type: 'start'; settings: SyncSettings; passphrase: string }
  | { id: number; type: 'stop' }
  | { id: number; type: 'forget' }
  | { id: number; type: 'saved' };

export interface SavedSync {
  settings: SyncSettings;
  running: boolean;
  hasKeys: boolean;
}

/** The worker's answer to one command; a failure carries the sentence to show. */
export type SyncReply =
  | { id: number; ok: true; saved?: SavedSync }
  | { id: number; ok: false; error: { kind: SyncErrorKind; message: string } };

/** On the SYNC_CHANNEL_NAME channel, between the tabs' controllers and workers. */
export type SyncChannelMessage =
  /** The status of the worker that syncs (the one holding the lock), or of a start just tried. */
  | { type: 'status'; status: SyncStatus }
  /** A tab that just opened asks for the status; the worker that syncs answers. */
  | { type: 'ask' }
  /** Start, Stop or Forget changed the stored config: every worker reads it again. */
  | { type: 'config' }
  /** The user typed or pointed in a tab during a catch-up: its next batch waits (inputPacer.ts). */
  | { type: 'input' };

/** What BroadcastChannel gives (tests pass their own). */
export interface ChannelLike {
  onmessage: ((event: MessageEvent<unknown>) => void) | null;
  postMessage(message: unknown): void;
  close(): void;
}

export function isChannelMessage(data: unknown): data is SyncChannelMessage {
  if (typeof data !== 'object' || data === null) return false;
  const { type, status } = data as { type?: unknown; status?: unknown }; // Checked here.
  if (type === 'ask' || type === 'config' || type === 'input') return true;
  return type === 'status' && typeof status === 'object' && status !== null && 'phase' in status;
}
