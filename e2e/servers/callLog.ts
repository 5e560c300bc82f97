/**
 * What a test MCP server did, in order: each tool call, its progress, how it ended (an
 * answer, an error result, or its signal aborted by the client's cancellation), and the
 * OAuth server's steps. Tests read it in process (`log.entries`, `log.waitFor`) or over
 * HTTP (GET /log), so a browser test can ask too.
 */

export type CallLogEvent =
  | 'call'
  | 'progress'
  | 'done'
  | 'error_result'
  /** The tool's signal aborted: the client cancelled or timed the call out. */
  | 'aborted'
  | 'malformed_answer'
  | 'oauth_register'
  | 'oauth_authorize'
  | 'oauth_refused'
  | 'oauth_token'
  | 'oauth_refresh'
  | 'oauth_unauthorized';

export interface CallLogEntry {
  seq: number;
  time: number;
  event: CallLogEvent;
  /** The MCP session the event belongs to, when there is one. */
  session?: string;
  tool?: string;
  args?: unknown;
  detail?: string;
}

export interface CallLog {
  readonly entries: readonly CallLogEntry[];
  add(entry: Omit<CallLogEntry, 'seq' | 'time'>): void;
  /** Resolves with the first entry (already logged or still to come) that matches. */
  waitFor(match: (entry: CallLogEntry) => boolean, timeoutMs?: number): Promise<CallLogEntry>;
}

export function createCallLog(): CallLog {
  const entries: CallLogEntry[] = [];
  const waiters = new Set<() => void>();
  return {
    entries,
    add(entry) {
      entries.push({ ...entry, seq: entries.length + 1, time: Date.now() });
      for (const wake of [...waiters]) wake();
    },
    waitFor(match, timeoutMs = 10_000) {
      const found = entries.find(match);
      if (found) return Promise.resolve(found);
      return new Promise((resolve, reject) => {
        const wake = () => {
          const entry = entries.find(match);
          if (!entry) return;
          clearTimeout(timer);
          waiters.delete(wake);
          resolve(entry);
        };
        const timer = setTimeout(() => {
          waiters.delete(wake);
          reject(new Error(`No matching log entry within ${timeoutMs} ms; the log has ${entries.length}`));
        }, timeoutMs);
        waiters.add(wake);
      });
    },
  };
}
