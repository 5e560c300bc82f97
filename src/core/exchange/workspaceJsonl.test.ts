/** Workspaces in exchange files (format version 3): written, read back, checked, and following renamed sessions. */
import { describe, expect, it } from 'vitest';
import { chainSessions } from '../../../testing/fixtures/exchangeTestFixtures';
import { createChange } from '../../../testing/fixtures/workspaceTestFixtures';
import type { WorkspaceData } from './exchangeFormat';
import { exportBackup, exportChainJsonl } from './exportJsonl';
import { parseImport } from './importJsonl';

const NONE = { sessions: new Set<string>(), entries: new Set<string>() };
const PNG = new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10, 0, 255, 1, 254]);

function workspaceOf(sessionId: string): WorkspaceData {
  const root = `workspace:${sessionId}`;
  return {
    root,
    files: [
      {
        meta: {
          root,
          path: '/report.md',
          size: 12,
          modifiedAt: 10,
          binary: false,
          mediaType: 'text/markdown',
        },
        body: { binary: false, text: '# Report\né\n' },
      },
      {
        meta: {
          root,
          path: '/img/logo.png',
          size: PNG.length,
          modifiedAt: 11,
          binary: true,
          mediaType: 'image/png',
        },
        body: { binary: true, bytes: PNG },
      },
    ],
    changes: [
      createChange(root, 'c1', '/report.md', 10, 'draft', sessionId),
      {
        ...createChange(root, 'c2', '/img/logo.png', 11, 'draft', sessionId),
        origin: { kind: 'user', action: 'upload' },
      },
    ],
  };
}

const MEMORY: WorkspaceData = {
  root: 'memory',
  files: [
    {
      meta: {
        root: 'memory',
        path: '/memories/user.md',
        size: 5,
        modifiedAt: 3,
        binary: false,
        mediaType: 'text/markdown',
      },
      body: { binary: false, text: 'notes' },
    },
  ],
  changes: [],
};

describe('workspaces in exchange files', () => {
  it('round-trips a backup’s workspaces and memory: text, bytes and history as they were', () => {
    const sessions = chainSessions();
    const rootId = sessions[0]!.header.id;
    const text = exportBackup(sessions, undefined, {
      workspaces: [workspaceOf(rootId), MEMORY],
      createdAt: 1,
    });
    const parsed = parseImport(text, NONE);
    expect(parsed.errors).toEqual([]);
    expect(parsed.workspaces).toEqual([workspaceOf(rootId), MEMORY]);
    const [workspace] = parsed.workspaces;
    const logo = workspace?.files[1]?.body;
    expect(logo?.binary && [...logo.bytes]).toEqual([...PNG]);
  });

  it('writes a workspace line, its files, then its changes, after every session', () => {
    const sessions = chainSessions();
    const lines = exportChainJsonl(sessions, { workspaces: [workspaceOf('w')] })
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { type: string });
    const types = lines.map((line) => line.type);
    const first = types.indexOf('workspace');
    expect(types.slice(first)).toEqual([
      'workspace',
      'workspace_file',
      'workspace_file',
      'workspace_change',
      'workspace_change',
    ]);
    expect(types.slice(0, first)).not.toContain('workspace_file');
    expect(lines[first]).toEqual({ type: 'workspace', root: 'workspace:w', fileCount: 2, changeCount: 2 });
  });

  it('keeps the API key out of a text file, as out of every string', () => {
    const key = 'sk-ant-api03-secret-key-text';
    const workspace: WorkspaceData = {
      ...MEMORY,
      files: [{ meta: { ...MEMORY.files[0]!.meta, size: key.length }, body: { binary: false, text: key } }],
    };
    const text = exportBackup([], undefined, { workspaces: [workspace], secret: key });
    expect(text).not.toContain(key);
    const parsed = parseImport(text, NONE);
    expect(parsed.errors).toEqual([]);
    const [file] = parsed.workspaces[0]?.files ?? [];
    // The size follows the text the file now holds.
    const body = file?.body;
    if (!body || body.binary) throw new Error('expected a text file');
    expect(file?.meta.size).toBe(new TextEncoder().encode(body.text).length);
  });

  it('moves a workspace with its chain when the chain’s root session gets a new id', () => {
    const sessions = chainSessions();
    const rootId = sessions[0]!.header.id;
    const withWorkspaceId = sessions.map((session) => ({
      ...session,
      header: { ...session.header, workspace: rootId },
    }));
    const text = exportChainJsonl(withWorkspaceId, { workspaces: [workspaceOf(rootId), MEMORY] });
    let next = 0;
    const parsed = parseImport(
      text,
      { sessions: new Set([rootId]), entries: new Set() },
      () => `new-${++next}`,
    );
    expect(parsed.errors).toEqual([]);
    const renamed = parsed.renamedSessions.get(rootId);
    expect(renamed).toBeDefined();
    const [workspace, memory] = parsed.workspaces;
    expect(workspace?.root).toBe(`workspace:${renamed}`);
    expect(workspace?.files.map((file) => file.meta.root)).toEqual([
      `workspace:${renamed}`,
      `workspace:${renamed}`,
    ]);
    expect(workspace?.changes.map((change) => change.root)).toEqual([
      `workspace:${renamed}`,
      `workspace:${renamed}`,
    ]);
    expect(workspace?.changes[0]?.origin).toMatchObject({ kind: 'tool', sessionId: renamed });
    expect(memory).toEqual(MEMORY);
    // Every session of the chain names the new workspace id.
    for (const session of parsed.sessions)
      expect((session.header as { workspace?: string }).workspace).toBe(renamed);
  });

  it('imports a file of format version 2 (no workspace lines) with no workspaces', () => {
    const text = exportChainJsonl(chainSessions()).replaceAll('"version":3', '"version":2');
    const parsed = parseImport(text, NONE);
    expect(parsed.errors).toEqual([]);
    expect(parsed.workspaces).toEqual([]);
  });

  it('refuses a cut-short workspace, bytes that disagree with the size, doubles and stray lines, importing nothing', () => {
    const good = exportBackup([], undefined, { workspaces: [workspaceOf('w')], createdAt: 1 })
      .trim()
      .split('\n');
    const cut = parseImport(good.slice(0, -1).join('\n'), NONE);
    expect(cut.errors.map((error) => error.message)).toEqual([
      'Workspace "workspace:w" says 2 changes follow, but 1 do; the file may be cut short.',
    ]);
    expect(cut.workspaces).toEqual([]);

    const lying = good
      .map((line) => line.replace(`"size":${PNG.length}`, `"size":${PNG.length + 1}`))
      .join('\n');
    expect(parseImport(lying, NONE).errors.map((error) => error.message)).toEqual([
      `Workspace file "/img/logo.png" holds ${PNG.length} bytes but says ${PNG.length + 1}; it may be cut short.`,
    ]);

    const doubled = [...good, ...good.slice(1)].join('\n');
    expect(parseImport(doubled, NONE).errors[0]?.message).toBe(
      'Workspace "workspace:w" appears twice in the file (first on line 2).',
    );

    const stray = [good[0], good[2]].join('\n');
    expect(parseImport(stray!, NONE).errors.map((error) => error.message)).toEqual([
      'A workspace file or change comes before any workspace line.',
    ]);

    const escaping = good.map((line) => line.replace('"path":"/report.md"', '"path":"report.md"')).join('\n');
    expect(parseImport(escaping, NONE).errors.map((error) => error.message)).toEqual([
      'Workspace file "report.md" has no valid "path".',
    ]);
  });
});
