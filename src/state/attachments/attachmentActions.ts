/**
 * The composer's files given: read and checked by the reading code, which loads on first
 * use, and the wait a send makes for files still being read. Part of the first load, so
 * a paste never waits for the agent chunk. (The chips themselves are the attachments
 * slice's: slices/attachments.)
 */
import { notifyError } from '../slices/status/actions';
import { errorText, get, set } from '../store/storeAccess';
import type { ContextRoom } from './addAttachments';

/** Reads and checks `files`, adding each as a chip or saying why not (see addAttachments). */
export function attachFiles(files: readonly File[], room: ContextRoom): Promise<void> {
  if (files.length === 0) return Promise.resolve();
  // New files, new answers: the sentences about the last ones go.
  set((s) => ({ readingAttachments: s.readingAttachments + files.length, attachmentRefusals: [] }));
  const done = import('./addAttachments')
    .then((m) => m.addAttachments(files, room))
    .catch((error: unknown) => notifyError(`The files could not be read: ${errorText(error)}`))
    .finally(() => set((s) => ({ readingAttachments: s.readingAttachments - files.length })));
  set((s) => ({ attachmentsRead: Promise.all([s.attachmentsRead, done]).then(() => undefined) }));
  return done;
}

/** Resolves once every file given so far has been read (a send waits for it). */
export function attachmentsRead(): Promise<void> {
  return get().attachmentsRead;
}
