// @vitest-environment jsdom
/**
 * Deleting the last session of a chain asks whether to delete its workspace (issue 26),
 * through the real app wiring: the store, the session actions and IndexedDB.
 */
import { describe, expect, it } from 'vitest';
import { type AppHarness, appsPerTest } from '../../../testing/appHarness';
import type * as Answer from './answerWorkspaceAfterDelete';

const start = appsPerTest();

/** The module as the app under test loaded it (the harness loads the app afresh for each test). */
async function answerWorkspaceAfterDelete(remove: boolean): Promise<void> {
  const module: typeof Answer = await import('./answerWorkspaceAfterDelete');
  await module.answerWorkspaceAfterDelete(remove);
}

async function exchange(app: AppHarness, text: string): Promise<string> {
  await app.composer.submitComposer(text);
  const id = app.state().activeSessionId;
  if (!id) throw new Error('No session is open');
  await app.flush();
  return id;
}

/** A file in the workspace named `workspace`, written as a commit of the app's file store. */
async function putFile(app: AppHarness, workspace: string, path: string): Promise<void> {
  const root = `workspace:${workspace}`;
  await app.runtime.workspace.store.commit(
    root,
    [
      {
        path,
        meta: { root, path, size: 2, modifiedAt: 1, binary: false, mediaType: 'text/plain' },
        body: { binary: false, text: 'hi' },
      },
    ],
    [],
  );
}

const filesOf = (app: AppHarness, workspace: string) =>
  app.runtime.workspace.store.list(`workspace:${workspace}`);

describe('deleting the last session of a chain', () => {
  it('asks about a workspace with files; "Delete workspace" deletes them', async () => {
    const app = await start();
    const only = await exchange(app, 'Write the report');
    await putFile(app, only, '/report.md');

    await app.sessions.deleteSession(only);
    expect(app.state().workspaceAfterDelete).toEqual({
      workspace: only,
      title: 'Write the report',
      files: 1,
    });

    await answerWorkspaceAfterDelete(true);
    expect(app.state().workspaceAfterDelete ?? null).toBeNull();
    expect(await filesOf(app, only)).toEqual([]);
    expect(app.notices()).toContainEqual({ kind: 'info', text: "Deleted the workspace's file." });
  });

  it('"Keep files" keeps them stored', async () => {
    const app = await start();
    const only = await exchange(app, 'Write the report');
    await putFile(app, only, '/report.md');
    await putFile(app, only, '/data.csv');

    await app.sessions.deleteSession(only);
    expect(app.state().workspaceAfterDelete?.files).toBe(2);
    await answerWorkspaceAfterDelete(false);
    expect(app.state().workspaceAfterDelete ?? null).toBeNull();
    expect((await filesOf(app, only)).map((file) => file.path).sort()).toEqual(['/data.csv', '/report.md']);
  });

  it('does not ask when the workspace is empty, nor while another session of the chain shares it', async () => {
    const app = await start();
    const empty = await exchange(app, 'Nothing written');
    await app.sessions.newSession();
    await app.sessions.deleteSession(empty);
    expect(app.state().workspaceAfterDelete ?? null).toBeNull();

    const first = await exchange(app, 'Start the chain');
    await putFile(app, first, '/plan.md');
    // A successor of the chain, as a handoff stores it: it works in the first's workspace.
    const header = app.state().sessions.find((h) => h.id === first);
    if (!header) throw new Error('The session is not listed');
    const successor = { ...header, id: 'successor', title: 'Part 2', parentSession: first, workspace: first };
    app.setState({ sessions: [successor, ...app.state().sessions] });
    await app.sessions.deleteSession(first);
    expect(app.state().workspaceAfterDelete ?? null).toBeNull();
    expect(await filesOf(app, first)).toHaveLength(1);
  });
});
