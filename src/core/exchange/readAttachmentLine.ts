/**
 * Checks one `attachment` line of an exchange file on its own: its reference, its
 * media type and its bytes. Where it stands in the file (after which session line) is
 * importJsonl's business. Like every other line, anything doubtful is a problem: a
 * file is imported whole or not at all.
 */
import { IMAGE_MEDIA_TYPES, PDF_MEDIA_TYPE } from '../attachments/attachmentLimits';
import { refusalSentence } from '../attachments/attachmentRefusals';
import { decodeBase64 } from '../attachments/base64';
import { checkStoredFile } from '../attachments/checkAttachment';
import { isRecord } from '../isRecord';
import type { AttachmentKind, AttachmentRef } from '../types/attachment';

export type ReadAttachment =
  | { ok: true; ref: AttachmentRef; bytes: Uint8Array<ArrayBuffer> | undefined }
  | { ok: false; problem: string };

const KINDS: ReadonlySet<string> = new Set<AttachmentKind>(['image', 'pdf', 'text']);
const IMAGE_TYPES: ReadonlySet<string> = new Set(IMAGE_MEDIA_TYPES);
/** Text files are sent as text, so any text subtype will do (text/plain, text/markdown, text/csv…). */
const TEXT_TYPE = /^text\/[a-z0-9][a-z0-9.+-]*$/i;

function isCount(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;
}

/** A value named in a message: quoted, and short enough for one line of a notice. */
function shown(value: unknown): string {
  const text = typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value));
  return JSON.stringify(text.length > 60 ? `${text.slice(0, 57)}...` : text);
}

/**
 * A file name as the sentence shows it: quoted, with bidi controls and invisible
 * characters written as \u escapes, so "x\u202Efdp.exe" cannot read as "xexe.pdf".
 */
function revealed(name: string): string {
  return shown(name).replace(
    /[\u061C\u200B-\u200F\u202A-\u202E\u2060-\u2069\uFEFF]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`,
  );
}

function mediaTypeFits(kind: string, mediaType: string): boolean {
  if (kind === 'image') return IMAGE_TYPES.has(mediaType);
  if (kind === 'pdf') return mediaType === PDF_MEDIA_TYPE;
  return TEXT_TYPE.test(mediaType);
}

/** The reference's own problem, or undefined if it is sound. Unknown fields are kept as they are. */
export function attachmentRefProblem(ref: Record<string, unknown>): string | undefined {
  if (typeof ref.id !== 'string' || ref.id === '') return 'The attached file has no "id".';
  const name = shown(ref.id);
  if (typeof ref.kind !== 'string' || !KINDS.has(ref.kind)) {
    return `Attached file ${name} is of an unknown kind ${shown(ref.kind)}.`;
  }
  if (typeof ref.mediaType !== 'string' || !mediaTypeFits(ref.kind, ref.mediaType)) {
    return `Attached file ${name} has an unknown media type ${shown(ref.mediaType)} for a file of kind ${ref.kind}.`;
  }
  if (typeof ref.name !== 'string') return `Attached file ${name} has no "name".`;
  if (!isCount(ref.size)) return `Attached file ${name} has no valid "size".`;
  for (const field of ['width', 'height', 'pages'] as const) {
    if (ref[field] !== undefined && !isCount(ref[field])) {
      return `Attached file ${name} has an invalid "${field}".`;
    }
  }
  const original = ref.original;
  if (
    original !== undefined &&
    !(isRecord(original) && isCount(original.width) && isCount(original.height) && isCount(original.size))
  ) {
    return `Attached file ${name} has an invalid "original".`;
  }
  return undefined;
}

/** The line's reference and bytes; `sessionId` and placement are checked by the caller. */
export function readAttachmentLine(record: Record<string, unknown>): ReadAttachment {
  if (!isRecord(record.attachment))
    return { ok: false, problem: 'The attachment line has no "attachment" object.' };
  const problem = attachmentRefProblem(record.attachment);
  if (problem) return { ok: false, problem };
  // Checked field by field above; spread keeps unknown fields and any `__proto__` a plain field.
  const ref = { ...record.attachment } as unknown as AttachmentRef;
  const name = shown(ref.id);

  if (record.missing === true) {
    if (record.data !== undefined) {
      return { ok: false, problem: `Attached file ${name} is marked missing but has "data".` };
    }
    return { ok: true, ref, bytes: undefined };
  }
  if (record.missing !== undefined)
    return { ok: false, problem: `Attached file ${name} has an invalid "missing".` };
  if (typeof record.data !== 'string') return { ok: false, problem: `Attached file ${name} has no "data".` };
  const bytes = decodeBase64(record.data);
  if (!bytes) return { ok: false, problem: `Attached file ${name}: its "data" is not valid base64.` };
  if (bytes.length !== ref.size) {
    return {
      ok: false,
      problem: `Attached file ${name} holds ${bytes.length} bytes but its reference says ${ref.size}; it may be cut short.`,
    };
  }
  // The limits sending enforces hold for imported files too: refused here, with the
  // composer's own sentence, rather than stored and sent as a request the API refuses.
  const refusal = checkStoredFile(ref, bytes);
  if (refusal) {
    return {
      ok: false,
      problem: `Attached file ${name}: ${refusalSentence({ ...refusal, name: revealed(ref.name) })}`,
    };
  }
  return { ok: true, ref, bytes };
}
