/**
 * The bare baseline: what the browser does with IndexedDB and the slim SDK client alone,
 * with no Baton code around it (no store, no React, no rendering). The bench imports it
 * into the same page as the app (`/__bench/bare.js`) to seed data and to time the
 * baselines on the same origin, the same database and the same machine state.
 *
 * It imports only `idb` (through the app's own schema, so the layout is the same) and the
 * slim SDK client, made the way src/llm makes it.
 */
import type { AttachmentRecord } from '../../src/core/attachments/attachmentTypes';
import type { SessionEntry, SessionHeader } from '../../src/core/types/entry';
import type { ContentBlock } from '../../src/core/types/message';
import { makeRandom, messageText } from './content';
import { database, done, newestEntries, type Timed } from './db';
import { makePng } from './png';

export { database, readHeaders } from './db';

export interface SeedSession {
  id: string;
  title: string;
  /** How many entries: user and assistant messages in turn, starting with the user. */
  entries: number;
  /** Timestamp of the first entry; each next one is 1 s later. */
  start: number;
  /** Appended as a last paragraph of the newest entry, for finding it on screen. */
  newestMarker?: string;
  /** Also appended to the oldest entry. */
  oldestMarker?: string;
}

export interface SeedSpec {
  /** Seed of the text generator, so every run writes the same words. */
  seed: number;
  model: string;
  sessions: SeedSession[];
  /** Written to the settings store as [key, value]. */
  settings?: Array<[string, unknown]>;
  /** Entries per transaction (default 5,000). */
  batch?: number;
  /** Images in user messages (P3a, P4a); none when absent. */
  attachments?: SeedAttachments;
}

/**
 * In every seeded session, every `every`-th user message, counting back from the newest
 * (which always carries one), has one PNG of about `bytes` bytes attached, its block
 * first in the content, as the app writes a message with a file. The bytes go to the
 * `attachments` store in the same transaction as the entry, as a Blob of a real PNG of
 * `width` × `height` pixels. With user and assistant messages in turn, `every: 5` is one
 * message in ten.
 */
export interface SeedAttachments {
  every: number;
  bytes: number;
  width: number;
  height: number;
}

/** Whether entry `index` of `session` carries an attachment under `attachments`. */
export function carriesAttachment(
  session: SeedSession,
  index: number,
  attachments: SeedAttachments,
): boolean {
  // Entries alternate user (even index) and assistant; the newest user message is the
  // last even index.
  if (index % 2 !== 0) return false;
  const newestUser = session.entries - 1 - ((session.entries - 1) % 2);
  return ((newestUser - index) / 2) % attachments.every === 0;
}

/** The id of entry `index` of session `sessionId`. */
export function entryId(sessionId: string, index: number): string {
  return `${sessionId}-${index.toString(36).padStart(5, '0')}`;
}

/** What a seeded session's header looks like, as the app itself would have stored it. */
export function seededHeader(session: SeedSession, model: string): SessionHeader {
  const last = session.entries - 1;
  return {
    id: session.id,
    title: session.title,
    createdAt: session.start,
    updatedAt: session.start + Math.max(0, last) * 1000,
    model,
    leafId: session.entries > 0 ? entryId(session.id, last) : null,
    children: [],
  };
}

function seededEntry(
  session: SeedSession,
  index: number,
  random: () => number,
  model: string,
  attachment?: AttachmentRecord,
): SessionEntry {
  const role = index % 2 === 0 ? 'user' : 'assistant';
  let text = messageText(random, role);
  if (index === session.entries - 1 && session.newestMarker) text += `\n\n${session.newestMarker}`;
  if (index === 0 && session.oldestMarker) text += `\n\n${session.oldestMarker}`;
  const base = {
    id: entryId(session.id, index),
    parentId: index === 0 ? null : entryId(session.id, index - 1),
    sessionId: session.id,
    timestamp: session.start + index * 1000,
    type: 'message' as const,
  };
  if (role === 'user') {
    const content: ContentBlock[] = [{ type: 'text', text }];
    if (attachment) {
      const { sessionId: _owner, data: _bytes, ...ref } = attachment;
      content.unshift({ type: 'attachment', attachment: ref });
    }
    return { ...base, message: { role, content } };
  }
  const output = Math.ceil(text.length / 4);
  return {
    ...base,
    message: {
      role,
      content: [{ type: 'text', text }],
      stopReason: 'end_turn',
      model,
      // Moderate numbers: a context meter far over its threshold would add a banner.
      usage: { input: 2000 + (index % 400) * 100, output, cacheRead: 0, cacheWrite: 0 },
    },
  };
}

export interface Seeded {
  entries: number;
  /** Attachments written, and their bytes in all. */
  attachments: number;
  attachmentBytes: number;
  ms: number;
}

/**
 * Writes the sessions (headers and entries), their attachments if the spec asks for
 * them, and settings straight into the app's database (opened at the app's schema
 * version, so with its `attachments` store), `batch` entries per transaction. The text
 * is the same with or without attachments: the images have a generator of their own.
 * Returns how many entries and attachments, and how long.
 */
export async function seed(spec: SeedSpec): Promise<Seeded> {
  const started = performance.now();
  const db = await database();
  const random = makeRandom(spec.seed);
  const batch = spec.batch ?? 5000;
  const files = spec.attachments;
  const png = files ? await makePng(files.width, files.height, files.bytes, spec.seed + 0x5eed) : undefined;
  // One Blob for every record. IndexedDB still stores a file of its own for each record
  // that holds it (the store on disk is the same as with a Blob per record), but the page
  // registers the bytes once: a Blob per record kept every one of them registered with
  // the browser until the page's garbage collector ran, and on a disk-backed profile
  // writes failed past about 500 MB of them ("Failed to write blobs (InvalidBlob)").
  const pngBlob = png ? new Blob([png], { type: 'image/png' }) : undefined;
  const stores = files
    ? ['sessions', 'entries', 'attachments', 'settings']
    : ['sessions', 'entries', 'settings'];
  let tx = db.transaction(stores, 'readwrite', { durability: 'relaxed' });
  let inTx = 0;
  let total = 0;
  let attachments = 0;
  let attachmentBytes = 0;
  for (const [key, value] of spec.settings ?? []) tx.objectStore('settings').put(value, key);
  for (const session of spec.sessions) {
    tx.objectStore('sessions').put(seededHeader(session, spec.model));
    for (let index = 0; index < session.entries; index++) {
      let record: AttachmentRecord | undefined;
      if (files && pngBlob && carriesAttachment(session, index, files)) {
        const data = pngBlob;
        record = {
          id: `${entryId(session.id, index)}-file`,
          kind: 'image',
          mediaType: 'image/png',
          name: `screenshot-${index}.png`,
          size: data.size,
          width: files.width,
          height: files.height,
          sessionId: session.id,
          data,
        };
        tx.objectStore('attachments').put(record);
        attachments++;
        attachmentBytes += data.size;
      }
      tx.objectStore('entries').put(seededEntry(session, index, random, spec.model, record));
      total++;
      if (++inTx >= batch) {
        await done(tx);
        tx = db.transaction(stores, 'readwrite', { durability: 'relaxed' });
        inTx = 0;
      }
    }
  }
  await done(tx);
  return { entries: total, attachments, attachmentBytes, ms: performance.now() - started };
}

/**
 * Puts a seeded session's header back as seeding wrote it (its leaf on the newest seeded
 * entry, no children) and the settings, in one transaction: what a handoff added to the
 * session stays stored but off its branch, so the next repetition starts from the same state.
 */
export async function restoreSeeded(
  session: SeedSession,
  model: string,
  settings: Array<[string, unknown]>,
): Promise<void> {
  const db = await database();
  const tx = db.transaction(['sessions', 'settings'], 'readwrite');
  tx.objectStore('sessions').put(seededHeader(session, model));
  for (const [key, value] of settings) tx.objectStore('settings').put(value, key);
  await done(tx);
}

/** Puts settings (key, value) in one transaction, e.g. the active session before a reload. */
export async function putSettings(settings: Array<[string, unknown]>): Promise<void> {
  const db = await database();
  const tx = db.transaction('settings', 'readwrite');
  for (const [key, value] of settings) tx.objectStore('settings').put(value, key);
  await done(tx);
}

/** P4's baseline: a session's newest `limit` entries, read backwards through the timestamp index. */
export async function readNewest(sessionId: string, limit: number): Promise<Timed & { count: number }> {
  const db = await database();
  const start = performance.now();
  const values = await newestEntries(db.transaction('entries', 'readonly'), sessionId, limit);
  return { start, end: performance.now(), count: values.length };
}

// P1's baseline: the slim SDK client's stream, painted as plain text.
export { paintStream, type StreamPaintTiming } from './streamPaint';
