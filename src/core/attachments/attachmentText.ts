/**
 * The words an attachment becomes where it is text: a text file in a request, a note
 * for a file the device no longer has, a line in a transcript or an export.
 */
import type { AttachmentRef } from '../types/attachment';
import { inlineText } from '../untrusted/inlineText';
import { readAttributeText, untrustedBlock } from '../untrusted/untrustedBlock';
import { formatBytes } from './attachmentLimits';

/**
 * A text file as the model reads it: its name, then its content, in an `attached-file`
 * wrapper that neither the content nor the name can close or forge (untrustedBlock).
 */
export function textFileBlock(name: string, text: string): string {
  return untrustedBlock('attached-file', { name }, text);
}

/** The name and content of a text file as textFileBlock wrote it; undefined for any other text. */
export function readTextFileBlock(text: string): { name: string; text: string } | undefined {
  const match = /^<attached-file name="([^"]*)">\n([\s\S]*)\n<\/attached-file>$/.exec(text);
  if (!match) return undefined;
  return { name: readAttributeText(match[1] ?? ''), text: match[2] ?? '' };
}

export function missingAttachmentNote(name: string): string {
  return `[Attached file "${inlineText(name)}" is no longer stored on this device.]`;
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
  // It goes to the model in place of the file: the name must not read as a wrapper tag.
  return `[Attached: ${inlineText(describeAttachment(ref))}]`;
}
