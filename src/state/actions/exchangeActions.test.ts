// @vitest-environment jsdom
/**
 * Export and import through the real app wiring in Node: what the download holds, and
 * what an import leaves in the store and in the database the app runs on.
 */
import { Blob as NodeBlob } from 'node:buffer';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { type AppHarness, appsPerTest, transcript } from '../../../testing/appHarness';
import { attachedSession, exchangeAttachments } from '../../../testing/fixtures/attachmentTestFixtures';
import { textReply } from '../../../testing/mockModel';
import { exportChainJsonl } from '../../core/exchange/exportJsonl';
import type { SessionHeader } from '../../core/types/entry';

const start = appsPerTest();

const DOCUMENT = '## Goal\nShip the parser.\n\n## Next Steps\nWrite the error paths.';

/** "Plan the parser", handed off, and one exchange in the new session (open). */
async function handedOff(app: AppHarness): Promise<{ parent: SessionHeader; child: SessionHeader }> {
  await app.composer.submitComposer('Plan the parser');
  app.mock.script(textReply(DOCUMENT));
  await app.handoff.startHandoff('');
  await app.composer.submitComposer('Start with the lexer');
  await app.flush();
  const childId = app.state().activeSessionId ?? '';
  const child = app.state().sessions.find((h) => h.id === childId);
  const parent = app.state().sessions.find((h) => h.id === child?.parentSession);
  if (!child || !parent) throw new Error('The handoff did not link two sessions');
  return { parent, child };
}

/** Lines of a JSONL file, parsed. */
function records(text: string): Array<Record<string, unknown>> {
  return text
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

describe('export and import', () => {
  it('exports the open session as JSONL that imports into a fresh database with its lineage', async () => {
    const source = await start();
    const { parent, child } = await handedOff(source);
    const childBranch = transcript(source.state().entries);

    await source.exchange.exportOpenSession('jsonl');

    const [file, ...more] = await source.downloads();
    expect(more).toEqual([]);
    expect(file?.fileName).toBe('baton-ship-the-parser-part-2.jsonl');
    expect(file?.type).toBe('application/jsonl;charset=utf-8');
    expect(source.notices().at(-1)).toEqual({
      kind: 'info',
      text: 'Exported baton-ship-the-parser-part-2.jsonl',
    });
    const lines = records(file?.text ?? '');
    expect(lines[0]).toMatchObject({ type: 'session', header: { id: child.id, parentSession: parent.id } });
    expect(lines).toHaveLength(1 + childBranch.length);

    const target = await start();
    const before = target.state().activeSessionId;
    const outcome = await target.exchange.importFromText(file?.text ?? '');

    expect(outcome).toEqual({ ok: true, message: 'Imported 1 session (3 entries).', restored: false });
    expect(target.notices()).toEqual([{ kind: 'info', text: 'Imported 1 session (3 entries).' }]);
    // Stored, whole, in the database the app was started on (startApp's databaseName).
    expect(await target.stored.header(child.id)).toMatchObject({ parentSession: parent.id });
    expect(transcript(await target.stored.branch(child.id))).toEqual(childBranch);
    // Listed beside the open session, which stays open.
    const listed = target.state().sessions.find((h) => h.id === child.id);
    expect(listed).toMatchObject({ title: child.title, parentSession: parent.id, leafId: child.leafId });
    expect(target.state().activeSessionId).toBe(before);

    await target.sessions.openSession(child.id);
    expect(transcript(target.state().entries)).toEqual(childBranch);
  });

  it('exports the handoff chain, which imports as two sessions linked both ways', async () => {
    const source = await start();
    const { parent, child } = await handedOff(source);

    await source.exchange.exportOpenChain('jsonl');

    const [file] = await source.downloads();
    expect(source.notices().at(-1)).toEqual({
      kind: 'info',
      text: 'Exported baton-plan-the-parser-chain.jsonl (2 sessions)',
    });
    const headers = records(file?.text ?? '').filter((line) => line.type === 'session');
    expect(headers.map((line) => (line.header as SessionHeader).id)).toEqual([parent.id, child.id]);

    const target = await start();
    const outcome = await target.exchange.importFromText(file?.text ?? '');

    expect(outcome).toMatchObject({ ok: true, message: 'Imported 2 sessions (7 entries).' });
    expect(await target.stored.header(parent.id)).toMatchObject({ children: [child.id] });
    expect(await target.stored.header(child.id)).toMatchObject({ parentSession: parent.id });
    const listed = new Map(target.state().sessions.map((h) => [h.id, h]));
    expect(listed.get(parent.id)?.children).toEqual([child.id]);
    expect(listed.get(child.id)?.parentSession).toBe(parent.id);
  });

  it('downloads a backup of the sessions already here before an import adds to them', async () => {
    const source = await start();
    await handedOff(source);
    await source.exchange.exportOpenChain('jsonl');
    const [file] = await source.downloads();

    const target = await start();
    await target.composer.submitComposer('Already here');
    await target.flush();
    const outcome = await target.exchange.importFromText(file?.text ?? '');

    // A file without a backup line is an import, not a restore; the data is saved first all the same.
    const [backup, ...more] = await target.downloads();
    expect(more).toEqual([]);
    expect(backup?.fileName).toMatch(/^baton-backup-before-import-\d{4}-\d{2}-\d{2}-\d{4}\.jsonl$/);
    const lines = records(backup?.text ?? '');
    expect(lines[0]).toMatchObject({ type: 'backup', sessionCount: 1 });
    expect(backup?.text).toContain('Already here');
    expect(backup?.text).not.toContain('Plan the parser');
    expect(outcome).toEqual({
      ok: true,
      message: `Imported 2 sessions (7 entries). Your data as it was is saved in ${backup?.fileName}.`,
      restored: false,
    });
  });

  it('imports nothing from a broken file and names the lines', async () => {
    const source = await start();
    await handedOff(source);
    await source.exchange.exportOpenSession('jsonl');
    const [file] = await source.downloads();
    const lines = (file?.text ?? '').split('\n');
    lines[2] = '{"type": "message", "broken';
    const broken = lines.join('\n');

    const target = await start();
    await target.composer.submitComposer('Already here');
    await target.flush();
    const sessionsBefore = target.state().sessions;
    const storedBefore = await target.stored.headers();

    const outcome = await target.exchange.importFromText(broken);

    // Line 3 is broken, and the entry on line 4 names it as its parent.
    const orphan = records(file?.text ?? '')[3] as { id: string; parentId: string; sessionId: string };
    expect(outcome).toEqual({
      ok: false,
      message: 'Nothing was imported: the file has 2 problems.',
      errorCount: 2,
      errors: [
        { line: 3, message: 'This line is not valid JSON.' },
        {
          line: 4,
          message: `Entry "${orphan.id}": its parent "${orphan.parentId}" is not an entry of session "${orphan.sessionId}" in this file.`,
        },
      ],
    });
    expect(target.state().sessions).toEqual(sessionsBefore);
    expect(await target.stored.headers()).toEqual(storedBefore);
    expect(target.notices()).toEqual([]);
  });

  it('imports a file with attached files twice: the second lands as copies, after a backup that carries the files', async () => {
    // jsdom's Blob does not survive fake-indexeddb's structured clone (it comes back a plain
    // object); Node's does, as a browser's Blob survives IndexedDB.
    vi.stubGlobal('Blob', NodeBlob);
    onTestFinished(() => {
      vi.unstubAllGlobals();
    });
    const file = exportChainJsonl([{ ...attachedSession(), attachments: exchangeAttachments() }]);
    const target = await start();

    const first = await target.exchange.importFromText(file);
    expect(first).toMatchObject({ ok: true, message: 'Imported 1 session (4 entries, 3 files).' });
    const second = await target.exchange.importFromText(file);
    expect(second).toMatchObject({ ok: true });
    expect(second.message).toMatch(/^Imported 1 session \(4 entries, 3 files\)\. 1 session was already here/);

    // The backup made before the second import holds the first import's files, bytes and all.
    const [backup, ...more] = await target.downloads();
    expect(more).toEqual([]);
    const files = records(backup?.text ?? '').filter((line) => line.type === 'attachment');
    const bytes = exchangeAttachments().map((item) => Buffer.from(item.bytes!).toString('base64'));
    expect(files.map((line) => line.data)).toEqual(bytes);

    const copy = target
      .state()
      .sessions.find((header) => header.title === 'Files' && header.id !== 's-files');
    const stored = await target.runtime.repository.loadSessionAttachments(copy?.id ?? '');
    expect(stored).toHaveLength(3);
    expect(
      (await target.runtime.repository.loadSessionAttachments('s-files')).map((r) => r.id).sort(),
    ).toEqual(['att-image', 'att-pdf', 'att-text']);
  });
});

describe('workspaces in exports and backups (issue 26)', () => {
  const text = (t: string) => ({ binary: false as const, text: t });
  const meta = (root: string, path: string, size: number, binary = false) => ({
    root,
    path,
    size,
    modifiedAt: 7,
    binary,
    mediaType: binary ? 'image/png' : 'text/markdown',
  });
  const PNG = new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10, 0, 1, 2, 255]);

  it('a backup carries the workspaces and the memory, and restoring it brings them back byte for byte', async () => {
    // As above: Node's Blob survives fake-indexeddb's structured clone, jsdom's does not.
    vi.stubGlobal('Blob', NodeBlob);
    onTestFinished(() => {
      vi.unstubAllGlobals();
    });
    const { openFileStore } = await import('../../storage/workspace/indexedDbFileStore');
    const source = await start();
    const { parent } = await handedOff(source);
    const root = `workspace:${parent.id}`;
    const files = await openFileStore(source.dbName);
    onTestFinished(() => files.close());
    await files.commit(
      root,
      [
        { path: '/plan.md', meta: meta(root, '/plan.md', 7), body: text('# Plan\n') },
        {
          path: '/logo.png',
          meta: meta(root, '/logo.png', PNG.length, true),
          body: { binary: true, blob: new Blob([PNG], { type: 'image/png' }) },
        },
      ],
      [],
    );
    await files.commit(
      'memory',
      [{ path: '/memories/me.md', meta: meta('memory', '/memories/me.md', 3), body: text('tea') }],
      [],
    );

    await source.exchange.exportEverything();
    const [backup] = await source.downloads();
    const lines = records(backup?.text ?? '');
    expect(lines.filter((line) => line.type === 'workspace').map((line) => line.root)).toEqual([
      'memory',
      root,
    ]);

    const target = await start();
    const outcome = await target.exchange.importFromText(backup?.text ?? '', { backup: false });
    expect(outcome).toMatchObject({ ok: true, restored: true });
    expect(outcome.message).toContain(
      'It also brought 3 workspace and memory files; files already here were kept.',
    );
    const restored = await openFileStore(target.dbName);
    onTestFinished(() => restored.close());
    expect((await restored.read(root, '/plan.md'))?.body).toEqual(text('# Plan\n'));
    const logo = (await restored.read(root, '/logo.png'))?.body;
    expect(logo?.binary && [...new Uint8Array(await logo.blob.arrayBuffer())]).toEqual([...PNG]);
    expect((await restored.read('memory', '/memories/me.md'))?.body).toEqual(text('tea'));
  });

  it('a chain export carries the chain’s workspace, not the memory', async () => {
    const { openFileStore } = await import('../../storage/workspace/indexedDbFileStore');
    const source = await start();
    const { parent } = await handedOff(source);
    const files = await openFileStore(source.dbName);
    onTestFinished(() => files.close());
    const root = `workspace:${parent.id}`;
    await files.commit(root, [{ path: '/a.md', meta: meta(root, '/a.md', 1), body: text('a') }], []);
    await files.commit(
      'memory',
      [{ path: '/memories/m.md', meta: meta('memory', '/memories/m.md', 1), body: text('m') }],
      [],
    );

    await source.exchange.exportOpenChain('jsonl');
    const [file] = await source.downloads();
    const workspaceLines = records(file?.text ?? '').filter((line) =>
      String(line.type).startsWith('workspace'),
    );
    expect(workspaceLines.map((line) => [line.type, line.root])).toEqual([
      ['workspace', root],
      ['workspace_file', root],
    ]);
  });
});
