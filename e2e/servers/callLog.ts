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
  | 'oauth_unauthorized'
  /** An HTTP request to the MCP endpoint answered (only when the server logs requests: `logRequests`). */
  | 'request';

export interface CallLogEntry {
  seq: number;
  time: number;
  /**
   * `performance.now()` of the logging process when the entry was added: sub-millisecond and
   * monotonic, on the same clock as the mock Messages API's request times (bench P16).
   */
  at: number;
  event: CallLogEvent;
  /** The MCP session the event belongs to, when there is one. */
  session?: string;
  tool?: string;
  args?: unknown;
  detail?: string;
  /** For `request`: from the request's arrival to its answer's last byte handed to the network, in ms. */
  durationMs?: number;
}

export interface CallLog {
  readonly entries: readonly CallLogEntry[];
  add(entry: Omit<CallLogEntry, 'seq' | 'time' | 'at'>): void;
  /** Resolves with the first entry (already logged or still to come) that matches. */
  waitFor(match: (entry: CallLogEntry) => boolean, timeoutMs?: number): Promise<CallLogEntry>;
}

export function createCallLog(): CallLog {
  const entries: CallLogEntry[] = [];
  const waiters = new Set<() => void>();
  return {
    entries,
    add(entry) {
      entries.push({ ...entry, seq: entries.length + 1, time: Date.now(), at: performance.now() });
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
