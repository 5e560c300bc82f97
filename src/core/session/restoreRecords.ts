/**
 * Turns raw records read from IndexedDB back into typed headers and entries. Stored
 * data may come from an older or newer Baton, or be damaged; one bad record must cost
 * that record only, never the load. Fields we do not know are passed through untouched,
 * so a newer version's data survives being loaded and saved by this one.
 */

import { isRecord } from '../isRecord';
import { restoreThinking } from '../models/thinking';
import { isMessageEntry, type MessageEntry, type SessionEntry, type SessionHeader } from '../types/entry';
import type { ToolResultContent } from '../types/message';

export type Restored<T> = { ok: true; value: T; problems: string[] } | { ok: false; problem: string };

type RawRecord = Record<string, unknown>;

function isNonEmptyString(value: unknown): value is string {
  return typeof value === 'string' && value.length > 0;
}

function isTime(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}

/** How a problem names its session: the id, and the title when there is one, so a person can find it. */
export function sessionLabel(id: string, title?: unknown): string {
  return typeof title === 'string' && title.length > 0 ? `${id} ("${title}")` : id;
}

/** A header needs its id; every other field is repaired to a safe default and reported. */
export function restoreHeader(raw: unknown): Restored<SessionHeader> {
  if (!isRecord(raw)) return { ok: false, problem: 'Skipped a session header that is not a record.' };
  if (!isNonEmptyString(raw.id)) {
    const shown = raw.id === undefined ? '' : ` (${String(raw.id)})`;
    return { ok: false, problem: `Skipped a session header without a valid id${shown}.` };
  }
  const id = raw.id;
  const label = sessionLabel(id, raw.title);
  const problems: string[] = [];
  const fixes: RawRecord = {};
  const repair = (field: string, value: unknown, why: string) => {
    fixes[field] = value;
    problems.push(`Session ${label}: ${why}`);
  };

  if (typeof raw.title !== 'string') repair('title', 'Untitled session', 'its title was missing.');
  if (!isTime(raw.createdAt)) {
    repair('createdAt', isTime(raw.updatedAt) ? raw.updatedAt : 0, 'its creation time was missing.');
  }
  if (!isTime(raw.updatedAt)) {
    repair('updatedAt', isTime(raw.createdAt) ? raw.createdAt : 0, 'its last-update time was missing.');
  }
  if (typeof raw.model !== 'string') repair('model', '', 'its model was missing.');
  if (raw.leafId !== null && typeof raw.leafId !== 'string') {
    repair('leafId', null, 'its current-entry pointer was damaged.');
  }
  if ('parentSession' in raw && raw.parentSession !== undefined && typeof raw.parentSession !== 'string') {
    repair('parentSession', undefined, 'its parent-session link was damaged and is dropped.');
  }
  if (!Array.isArray(raw.children)) {
    repair('children', [], 'its list of handed-off sessions was missing.');
  } else if (!raw.children.every(isNonEmptyString)) {
    repair('children', raw.children.filter(isNonEmptyString), 'its list of handed-off sessions was damaged.');
  }

  if ('thinking' in raw && raw.thinking !== undefined) {
    const thinking = restoreThinking(raw.thinking);
    if (JSON.stringify(thinking) !== JSON.stringify(raw.thinking))
      repair('thinking', thinking, 'its thinking setting was damaged and is reset.');
  }

  const repaired = problems.length === 0 ? raw : { ...raw, ...fixes };
  if ('parentSession' in fixes) delete repaired.parentSession;
  // Every field SessionHeader requires was checked or repaired just above.
  return { ok: true, value: repaired as unknown as SessionHeader, problems };
}

/**
 * An entry needs id, sessionId, type and timestamp, and a known type needs its own
 * core fields; without them it is skipped. Unknown types are kept as they are.
 * `sessionTitle`, if known, is named in problems next to the id.
 */
export function restoreEntry(raw: unknown, sessionId: string, sessionTitle?: string): Restored<SessionEntry> {
  const label = sessionLabel(sessionId, sessionTitle);
  const skip = (why: string): Restored<SessionEntry> => ({
    ok: false,
    problem: `Session ${label}: skipped ${why}`,
  });
  if (!isRecord(raw)) return skip('an entry that is not a record.');
  if (!isNonEmptyString(raw.id)) return skip('an entry without a valid id.');
  const id = raw.id;
  if (raw.sessionId !== sessionId) return skip(`entry ${id}: it belongs to no session.`);
  if (!isNonEmptyString(raw.type)) return skip(`entry ${id}: it has no type.`);
  if (!isTime(raw.timestamp)) return skip(`entry ${id}: it has no valid timestamp.`);

  const problems: string[] = [];
  const fixes: RawRecord = {};
  if (raw.parentId !== null && typeof raw.parentId !== 'string') {
    fixes.parentId = null;
    problems.push(`Session ${label}: entry ${id} lost its parent link; it is shown as a new start.`);
  }

  if (raw.type === 'message') {
    const message = raw.message;
    if (!isRecord(message) || typeof message.role !== 'string' || !Array.isArray(message.content)) {
      return skip(`entry ${id}: its message is damaged.`);
    }
    const blocks = message.content.filter(
      (block) =>
        isRecord(block) &&
        typeof block.type === 'string' &&
        // A tool result's content is read as text or blocks everywhere: anything else is damage.
        (block.type !== 'tool_result' || isToolResultContent(block.content)),
    );
    if (blocks.length !== message.content.length) {
      fixes.message = { ...message, content: blocks };
      problems.push(`Session ${label}: entry ${id} had damaged content blocks; they are left out.`);
    }
  } else if (raw.type === 'custom_message') {
    if (typeof raw.customType !== 'string' || typeof raw.content !== 'string') {
      return skip(`entry ${id}: its custom message is damaged.`);
    }
    if (typeof raw.display !== 'boolean') {
      fixes.display = true;
      problems.push(`Session ${label}: entry ${id} had no display flag; it is shown.`);
    }
  }

  const repaired = problems.length === 0 ? raw : { ...raw, ...fixes };
  // The base fields and the known type's own fields were checked or repaired above.
  return { ok: true, value: repaired as unknown as SessionEntry, problems };
}

/**
 * A message still marked `streaming` when a session is loaded was cut off by a reload
 * or crash: nothing will ever finish it. Returns the corrected entry, or undefined if
 * the entry needs no change.
 */
export function interruptIfStreaming(entry: SessionEntry): MessageEntry | undefined {
  if (!isMessageEntry(entry) || entry.message.stopReason !== 'streaming') return undefined;
  return { ...entry, message: { ...entry.message, stopReason: 'interrupted' } };
}

/** The four raster types the API reads (ToolImageMediaType). */
const IMAGE_TYPE = /^image\/(png|jpeg|gif|webp)$/;

/** Whether stored data is a tool_result's content Baton can read: text, or text and image blocks. */
export function isToolResultContent(value: unknown): value is string | ToolResultContent[] {
  if (typeof value === 'string') return true;
  if (!Array.isArray(value)) return false;
  return value.every(
    (block) =>
      isRecord(block) &&
      (block.type === 'text'
        ? typeof block.text === 'string'
        : block.type === 'image' &&
          isRecord(block.source) &&
          block.source.type === 'base64' &&
          IMAGE_TYPE.test(String(block.source.media_type)) &&
          typeof block.source.data === 'string'),
  );
}
