/**
 * The composer's files: adding them (the reading code loads on first use), removing
 * one, the "Keep original size" choice, and the wait a send makes for files still
 * being read. Part of the first load, so a paste never waits for the agent chunk.
 */
import { notifyError } from '../store/notices';
import { errorText, set } from '../store/storeAccess';
import type { ContextRoom } from './addAttachments';

let reading: Promise<void> = Promise.resolve();

/** Reads and checks `files`, adding each as a chip or saying why not (see addAttachments). */
export function attachFiles(files: readonly File[], room: ContextRoom): Promise<void> {
  if (files.length === 0) return Promise.resolve();
  // New files, new answers: the sentences about the last ones go.
  set((s) => ({ readingAttachments: s.readingAttachments + files.length, attachmentRefusals: [] }));
  const done = import('./addAttachments')
    .then((m) => m.addAttachments(files, room))
    .catch((error: unknown) => notifyError(`The files could not be read: ${errorText(error)}`))
    .finally(() => set((s) => ({ readingAttachments: s.readingAttachments - files.length })));
  reading = Promise.all([reading, done]).then(() => undefined);
  return done;
}

/** Resolves once every file given so far has been read (a send waits for it). */
export function attachmentsRead(): Promise<void> {
  return reading;
}

export function removeAttachment(id: string): void {
  set((s) => ({ pendingAttachments: s.pendingAttachments.filter((p) => p.record.id !== id) }));
}

export function setKeepOriginalSize(keep: boolean): void {
  set({ keepOriginalSize: keep });
}

export function dismissAttachmentRefusals(): void {
  set({ attachmentRefusals: [] });
}
