/**
 * The memory tool's files in Settings → Tools (issue 26): listed, each opened into a text
 * area to read, edit (Save) or delete. Loaded with the Tools tab only (a chunk of its
 * own, with the workspace's store). What the user changes here is a change of user
 * origin: the model is told of it on its next turn.
 */
import { useCallback, useEffect, useState } from 'react';
import type { FileMeta } from '../../core/workspace/fileStore';
import { whenWorkspace } from '../../state/workspace/workspaceAccess';

type Opened = { path: string; text: string; binary: boolean };

export function MemoryFiles() {
  const [files, setFiles] = useState<FileMeta[] | undefined>();
  const [opened, setOpened] = useState<Opened | undefined>();
  const [problem, setProblem] = useState<string | undefined>();

  const load = useCallback(() => {
    memoryTree()
      .then((tree) => tree.list())
      .then(
        (listed) => setFiles([...listed].sort((a, b) => a.path.localeCompare(b.path))),
        (error: unknown) => setProblem(`Could not list the memory files: ${messageOf(error)}`),
      );
  }, []);
  useEffect(() => {
    load();
    let stop: (() => void) | undefined;
    let gone = false;
    void whenWorkspace().then((access) => {
      if (!gone) stop = access.watch(access.memoryTree().key, load);
    });
    return () => {
      gone = true;
      stop?.();
    };
  }, [load]);

  const open = async (path: string) => {
    setProblem(undefined);
    try {
      const file = await (await memoryTree()).read(path);
      if (!file) return setProblem(`${path} is no longer there.`);
      setOpened(
        file.body.binary ? { path, text: '', binary: true } : { path, text: file.body.text, binary: false },
      );
    } catch (error) {
      setProblem(`Could not open ${path}: ${messageOf(error)}`);
    }
  };
  const save = async () => {
    if (!opened) return;
    try {
      await (await memoryTree()).writeText(opened.path, opened.text);
      setProblem(undefined);
    } catch (error) {
      // The text stays in the box: nothing typed is lost.
      setProblem(`Could not save ${opened.path}: ${messageOf(error)}`);
    }
  };
  const remove = async () => {
    if (!opened) return;
    try {
      await (await memoryTree()).remove(opened.path);
      setOpened(undefined);
      setProblem(undefined);
    } catch (error) {
      setProblem(`Could not delete ${opened.path}: ${messageOf(error)}`);
    }
  };

  return (
    <section aria-label="Memory files" className="memory-files">
      {files === undefined ? null : files.length === 0 ? (
        <p className="muted">No memory files yet.</p>
      ) : (
        <ul>
          {files.map((file) => (
            <li key={file.path}>
              <button
                type="button"
                className="link"
                aria-pressed={opened?.path === file.path}
                onClick={() => void open(file.path)}
              >
                {file.path}
              </button>{' '}
              <span className="muted">{file.size} bytes</span>
            </li>
          ))}
        </ul>
      )}
      {opened && (
        <div className="memory-file">
          {opened.binary ? (
            <p className="muted">{opened.path} is not text; it can only be deleted here.</p>
          ) : (
            <textarea
              aria-label={opened.path}
              value={opened.text}
              rows={8}
              onChange={(event) => setOpened({ ...opened, text: event.target.value })}
            />
          )}
          {!opened.binary && (
            <button type="button" onClick={() => void save()}>
              Save
            </button>
          )}
          <button type="button" onClick={() => void remove()}>
            Delete
          </button>
          <button type="button" onClick={() => setOpened(undefined)}>
            Close
          </button>
        </div>
      )}
      {problem && <p role="alert">{problem}</p>}
    </section>
  );
}

/** Settings may open before start-up has finished: the list waits for it. */
async function memoryTree() {
  return (await whenWorkspace()).memoryTree();
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
