/**
 * An AgentSession as the app builds it, minus the UI: the real SDK client against the
 * local mock API, and the real storage (SessionRepository + WriteQueue) over
 * fake-indexeddb, one fresh database per harness. A second connection reads what is
 * really stored, bypassing the repository's load-time repairs (which would, say, turn
 * a message still streaming into an interrupted one).
 */
import type { RecallPort } from '../src/core/recall/recallPort';
import type { Exclusive } from '../src/core/session/exclusiveAccess';
import type { ThinkingSetting } from '../src/core/types/thinking';
import 'fake-indexeddb/auto';
import { AgentSession } from '../src/core/agentSession';
import type { PromptTemplate } from '../src/core/commands/promptTemplates';
import { createSessionHeader, SessionLog } from '../src/core/session/sessionLog';
import type { SessionEntry, SessionHeader } from '../src/core/types/entry';
import { AttachmentFiles } from '../src/storage/attachmentFiles';
import { batchOf } from '../src/storage/records';
import { openBatonDb } from '../src/storage/schema';
import { ACTIVE_SESSION_KEY, SessionRepository, type WriteBatch } from '../src/storage/sessionRepository';
import { WriteQueue } from '../src/storage/writeQueue';
import { type MockApi, mockModelClient, startMockApi, TEST_API_KEY, TEST_MODEL } from './mockModel';

export interface StoredState {
  header(id: string): Promise<SessionHeader | undefined>;
  headers(): Promise<SessionHeader[]>;
  /** A session's entries as stored, in creation order (the harness's ids sort that way). */
  entries(sessionId: string): Promise<SessionEntry[]>;
  activeSessionId(): Promise<unknown>;
}

export interface SessionHarness {
  mock: MockApi;
  session: AgentSession;
  repository: SessionRepository;
  queue: WriteQueue;
  dbName: string;
  stored: StoredState;
  templates: PromptTemplate[];
  /** Makes the next write whose batch matches fail once with `error` (before it reaches the database). */
  failNextWrite(matches: (batch: WriteBatch) => boolean, error: Error): void;
  /** A second AgentSession over a fresh connection, opened on what storage holds for `sessionId`. */
  reopen(sessionId: string): Promise<{ session: AgentSession; problems: string[]; close(): void }>;
  close(): Promise<void>;
}

export interface SessionHarnessOptions {
  templates?: PromptTemplate[];
  /** The session to start in; a fresh empty one by default. */
  entries?: (sessionId: string) => SessionEntry[];
  /** Wraps the SDK's fetch, e.g. to cut a request off from outside. */
  fetch?: typeof fetch;
  /** The app's rule for a session's model (see SessionConfig.modelForSession). */
  modelForSession?: (sessionModel: string) => string;
  /** The session's exclusive hold across tabs (see exclusiveAccess.ts); none by default. */
  exclusive?: Exclusive;
  /** Thinking for sessions that did not choose their own (the Settings default). */
  defaultThinking?: ThinkingSetting;
  /** The recall port (see core/recall); none by default. */
  recall?: RecallPort;
  /** Fields of the starting session's header, e.g. `parentSession` for one started by a handoff. */
  header?: Partial<Pick<SessionHeader, 'parentSession' | 'title'>>;
}

/** Zero-padded so that ids sort in creation order, in IndexedDB as in assertions. */
function idSource(prefix: string): () => string {
  let n = 0;
  return () => `${prefix}-${String(++n).padStart(5, '0')}`;
}

export async function startSessionHarness(options: SessionHarnessOptions = {}): Promise<SessionHarness> {
  const dbName = `baton-core-test-${crypto.randomUUID()}`;
  const mock = await startMockApi();
  const repository = await SessionRepository.open(dbName);
  const raw = await openBatonDb(dbName);
  const failures: Array<{ matches: (batch: WriteBatch) => boolean; error: Error }> = [];
  const queue = new WriteQueue(
    {
      // Through writeBatch, the change set grouped by kind: tests match and spy on batches.
      apply: (changeSet, applyOptions) => {
        const batch = batchOf(changeSet);
        const index = failures.findIndex((failure) => failure.matches(batch));
        const failure = index === -1 ? undefined : failures.splice(index, 1)[0];
        return failure ? Promise.reject(failure.error) : repository.writeBatch(batch, applyOptions);
      },
    },
    { intervalMs: 5, retryDelaysMs: [5] },
  );
  queue.start();

  const templates = options.templates ?? [];
  const defaultThinking = options.defaultThinking;
  const client = mockModelClient(mock, options.fetch);
  const newId = idSource('id');
  const makeSession = (log: SessionLog, persistence = queue, store = repository) =>
    new AgentSession(
      {
        persistence,
        attachments: new AttachmentFiles(store, persistence),
        newId,
        ...(options.exclusive && { exclusive: options.exclusive }),
        ...(options.recall && { recall: options.recall }),
      },
      {
        client,
        model: TEST_MODEL,
        ...(options.modelForSession && { modelForSession: options.modelForSession }),
        maxTokens: 1024,
        apiKey: TEST_API_KEY,
        promptTemplates: templates,
        ...(defaultThinking && { defaultThinking }),
      },
      log,
    );

  const header = {
    ...createSessionHeader({ id: newId(), model: TEST_MODEL, now: Date.now() }),
    ...options.header,
  };
  const initial = options.entries?.(header.id) ?? [];
  const last = initial.at(-1);
  const log = new SessionLog({ ...header, leafId: last ? last.id : null }, initial);
  if (initial.length > 0) await repository.createSession(log.header, initial);
  const session = makeSession(log);
  await queue.setActiveSession(log.id);

  const stored: StoredState = {
    header: (id) => raw.get('sessions', id),
    headers: () => raw.getAll('sessions'),
    entries: (sessionId) => raw.getAllFromIndex('entries', 'sessionId', sessionId),
    activeSessionId: () => raw.get('settings', ACTIVE_SESSION_KEY),
  };

  return {
    mock,
    session,
    repository,
    queue,
    dbName,
    stored,
    templates,
    failNextWrite: (matches, error) => failures.push({ matches, error }),
    async reopen(sessionId) {
      await queue.flush();
      const second = await SessionRepository.open(dbName);
      const found = await second.getHeader(sessionId);
      if (!found) throw new Error(`Session ${sessionId} is not stored`);
      const loaded = await second.loadEntries(sessionId);
      const otherQueue = new WriteQueue(second, { intervalMs: 5 });
      otherQueue.start();
      return {
        session: makeSession(new SessionLog(found, loaded.entries), otherQueue, second),
        problems: loaded.problems,
        close: () => {
          otherQueue.dispose();
          second.close();
        },
      };
    },
    async close() {
      queue.dispose();
      await mock.close();
      repository.close();
      raw.close();
    },
  };
}
