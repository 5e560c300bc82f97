/**
 * The workspace as a session sees it (issue 26), through SessionParts with a workspace
 * port over the in-memory store: the user's changes told on the next request, and the
 * files listed in a handoff and named to the new session, which shares the workspace.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { counter, memoryPersistence } from '../../../testing/memoryPersistence';
import {
  type MockApi,
  mockModelClient,
  sentMessages,
  sentTexts,
  startMockApi,
  TEST_API_KEY,
  TEST_MODEL,
  textReply,
} from '../../../testing/mockModel';
import { createSessionHeader, SessionLog } from '../session/sessionLog';
import { SessionParts } from '../sessionParts';
import type { SessionConfig } from '../sessionPorts';
import { SessionSettings } from '../sessionSettings';
import type { FileChange, RootKey } from './fileStore';
import { FileTree } from './fileTree';
import { MemoryFileStore } from './memoryFileStore';
import { workspaceRootOf } from './workspaceOf';
import type { WorkspacePort } from './workspacePort';

let mock: MockApi | undefined;
afterEach(async () => {
  await mock?.close();
  mock = undefined;
});

const DOCUMENT = '## Goal\nShip the release.\n\n## Next Steps\n1. Tag it.';

async function start(config: Partial<SessionConfig> = {}) {
  mock = await startMockApi();
  const store = new MemoryFileStore();
  const clock = { now: 1_000 };
  const commits = new Map<RootKey, number>();
  store.watch((root) => commits.set(root, (commits.get(root) ?? 0) + 1));
  const port: WorkspacePort = {
    tree: (header) => new FileTree({ store, root: workspaceRootOf(header) }),
    memory: () => new FileTree({ store, root: { kind: 'memory' } }),
    commits: (root) => commits.get(root) ?? 0,
  };
  const log = new SessionLog(
    createSessionHeader({ id: 's1', model: TEST_MODEL, now: 1_000, title: 'Plan' }),
    [],
  );
  let parts: SessionParts | undefined;
  const settings = new SessionSettings(
    { client: mockModelClient(mock), model: TEST_MODEL, maxTokens: 1024, apiKey: TEST_API_KEY, ...config },
    () => (parts as SessionParts).host.header,
  );
  parts = new SessionParts(
    { persistence: memoryPersistence(), workspace: port, now: () => clock.now, newId: counter('n') },
    settings,
    log,
    () => undefined,
  );
  parts.loadDerivedState();
  return { mock, parts, store, clock };
}

/** A file written whole, recorded as `origin` did it at `at`. */
async function write(
  store: MemoryFileStore,
  root: RootKey,
  path: string,
  text: string,
  at: number,
  origin: FileChange['origin'],
): Promise<void> {
  await store.commit(
    root,
    [
      {
        path,
        meta: { root, path, size: text.length, modifiedAt: at, binary: false, mediaType: 'text/plain' },
        body: { binary: false, text },
      },
    ],
    [{ id: `c-${path}-${at}`, root, path, at, origin, edit: { kind: 'create', text } }],
  );
}

const USER_EDIT = { kind: 'user', action: 'edit' } as const;
const TOOL_CREATE = {
  kind: 'tool',
  tool: 'str_replace_based_edit_tool',
  command: 'create',
  callId: 'toolu_1',
  sessionId: 's1',
} as const;

/** The note in a request's last turn (earlier notes stay in the context, as sent). */
const noteOf = (request: Parameters<typeof sentMessages>[0]) =>
  (sentMessages(request).at(-1)?.content ?? [])
    .flatMap((block) => (block.type === 'text' ? [block.text] : []))
    .find((text) => text.includes('Since your last turn'));

describe("the model is told of the user's changes on its next request", () => {
  it('names the files the user changed since the last request, once; its own changes are not named', async () => {
    const { mock, parts, store, clock } = await start();
    mock.script(textReply('First.'), textReply('Second.'), textReply('Third.'));
    await parts.conversation.prompt('Start');
    expect(noteOf(mock.messageRequests()[0])).toBeUndefined();

    clock.now = 2_000;
    await write(store, 'workspace:s1', '/notes.md', 'by hand', 1_500, USER_EDIT);
    await write(store, 'workspace:s1', '/model.md', 'by the model', 1_600, TOOL_CREATE);
    await write(store, 'workspace:s1', '/old.md', 'gone', 1_700, { kind: 'user', action: 'revert' });
    await parts.conversation.prompt('Go on');
    expect(noteOf(mock.messageRequests()[1])).toBe(
      [
        '<system-reminder>',
        'Since your last turn the user changed files in your workspace:',
        '- /notes.md: edited',
        '- /old.md: reverted one of your changes',
        'What you read of these files before may be out of date: view them again before relying on it.',
        '</system-reminder>',
      ].join('\n'),
    );

    clock.now = 3_000;
    await parts.conversation.prompt('And on');
    expect(noteOf(mock.messageRequests()[2])).toBeUndefined();
  });

  it('names changes made before a reload, after the newest entry; memory only while the tool is offered', async () => {
    const off = await start();
    await write(off.store, 'memory', '/memories/facts.md', 'x', 1_500, USER_EDIT);
    off.mock.script(textReply('Hi.'));
    await off.parts.conversation.prompt('Hello');
    expect(noteOf(off.mock.messageRequests()[0])).toBeUndefined();
    await off.mock.close();

    const on = await start({ memory: true });
    await write(on.store, 'memory', '/memories/facts.md', 'x', 1_500, USER_EDIT);
    on.mock.script(textReply('Hi.'));
    await on.parts.conversation.prompt('Hello');
    expect(noteOf(on.mock.messageRequests()[0])).toContain(
      'Since your last turn the user changed files in your memory directory:\n- /memories/facts.md: edited',
    );
  });
});

describe('the workspace in a handoff', () => {
  it("lists the files in the instruction, names them to the new session, which keeps the chain's workspace", async () => {
    const { mock, parts, store, clock } = await start();
    mock.script(textReply('Written.'), textReply(DOCUMENT), textReply('Going on.'));
    await parts.conversation.prompt('Write the plan');
    await write(store, 'workspace:s1', '/plan.md', 'the plan', Date.UTC(2026, 11, 7, 1, 40), TOOL_CREATE);
    clock.now = 5_000;
    expect(await parts.handoffs.handoff()).toMatchObject({ status: 'done' });

    const instruction = sentTexts(mock.messageRequests()[1]).at(-1) ?? '';
    expect(instruction).toContain(
      'The workspace holds these files; the new session works on the same files:\n- /plan.md (8 bytes, changed 2026-12-07 01:40 UTC)',
    );
    expect(parts.host.header.parentSession).toBe('s1');
    expect(parts.host.header.workspace).toBe('s1');

    await parts.conversation.prompt('Go on');
    const first = sentMessages(mock.messageRequests()[2])[0]?.content[0];
    expect(first?.type === 'text' && first.text).toContain(
      'Your workspace (str_replace_based_edit_tool) holds these files from the earlier session:\n- /plan.md (8 bytes, changed 2026-12-07 01:40 UTC)',
    );
  });
});
