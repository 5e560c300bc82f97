/**
 * The words an attachment becomes where it is text: a text file in a request, a note
 * for a file the device no longer has, a line in a transcript or an export.
 */
import type { AttachmentRef } from '../types/attachment';
import { formatBytes } from './attachmentLimits';

/**
 * A text file as the model reads it: its name, then its content, fenced by a tag the
 * content is unlikely to close (the name is quoted, so a quote in it is escaped).
 */
export function textFileBlock(name: string, text: string): string {
  return `<attached-file name="${name.replace(/"/g, '&quot;')}">\n${text}\n</attached-file>`;
}

/** The name and content of a text file as textFileBlock wrote it; undefined for any other text. */
export function readTextFileBlock(text: string): { name: string; text: string } | undefined {
  const match = /^<attached-file name="([^"]*)">\n([\s\S]*)\n<\/attached-file>$/.exec(text);
  if (!match) return undefined;
  return { name: (match[1] ?? '').replace(/&quot;/g, '"'), text: match[2] ?? '' };
}

export function missingAttachmentNote(name: string): string {
  return `[Attached file "${name}" is no longer stored on this device.]`;
}

/** "photo.png (image, 1200×800, 340 KB)": a file named and described in one phrase. */
export function describeAttachment(ref: AttachmentRef): string {
  const size = formatBytes(ref.size);
  switch (ref.kind) {
    case 'image':
      return `${ref.name} (image, ${ref.width ?? '?'}×${ref.height ?? '?'}, ${size})`;
    case 'pdf':
      return `${ref.name} (PDF, ${ref.pages ?? '?'} page${ref.pages === 1 ? '' : 's'}, ${size})`;
    case 'text':
      return `${ref.name} (text file, ${size})`;
  }
}

/** The one line that stands for an attachment where its content is not sent or shown. */
export function attachmentPlaceholder(ref: AttachmentRef): string {
  return `[Attached: ${describeAttachment(ref)}]`;
}
