/**
 * The seams between the parts of sync (issue 28), so that each is built and tested on
 * its own: the crypto (crypto/), the document codec (documents/), the replicator
 * (couch/), the local side (local/), the worker (worker/) and the page (src/state/sync,
 * src/ui/settings/sync). Types only.
 */
import type { LocalReplica } from './localReplica';
import type { SyncRecord } from './syncRecord';
import type { SyncErrorKind, SyncSettings, SyncStatus } from './syncStatus';

/** The keys derived from the passphrase; non-extractable CryptoKeys (storable in IndexedDB). */
export interface SyncKeys {
  /** AES-GCM, 256 bits: document bodies and attachments. */
  encryption: CryptoKey;
  /** HMAC-SHA-256: ids of private names (file paths) and revision hashes. */
  ids: CryptoKey;
}

/** The clear metadata document `baton-meta`: how to derive the key, and a check of it. */
export interface MetaDoc {
  _id: 'baton-meta';
  _rev?: string;
  format: 1;
  kdf: { name: 'PBKDF2-SHA-256'; iterations: number; salt: string };
  /** A known text encrypted with the key: decrypting it proves the passphrase. */
  check: { iv: string; data: string };
}

/** A document as CouchDB stores and sends it. */
export interface CouchDoc {
  _id: string;
  _rev?: string;
  _deleted?: boolean;
  _revisions?: { start: number; ids: string[] };
  _conflicts?: string[];
  _attachments?: Record<string, CouchAttachment>;
  [field: string]: unknown;
}

export interface CouchAttachment {
  content_type: string;
  /** Base64, when sent inline (push, or a pull with attachments=true). */
  data?: string;
  stub?: boolean;
  length?: number;
  digest?: string;
}

/** What decoding a document from the server gave: a record, or why it was skipped. */
export type DecodeResult = { ok: true; record: SyncRecord } | { ok: false; reason: string };

/**
 * Turns records into encrypted documents and back (documents/docCodec.ts makes one from
 * SyncKeys). The revision of an encoded document is `<generation>-<hash>`, the hash an
 * HMAC of its parent revision and its canonical plaintext: two devices that encode the
 * same record on the same parent make the same revision, so a merge made on both never
 * becomes a conflict of its own. Bodies are `{ v: 1, iv, data }` (base64 AES-GCM of the
 * record's JSON); blobs (an attachment's bytes, a binary file) are the attachment `blob`.
 */
export interface DocCodec {
  /** The document id of a record (see syncRecord.ts for the scheme). */
  docId(record: { kind: SyncRecord['kind']; id: string }): Promise<string>;
  /** The document for `record` as the child of `parentRev` (a first revision without one). */
  encode(record: SyncRecord, parentRev?: string): Promise<CouchDoc>;
  /** A tombstone (`_deleted: true`) for the leaf `rev` of `docId`: removes a losing branch. */
  removeLeaf(docId: string, rev: string): Promise<CouchDoc>;
  /**
   * The record in a document from the server. Never throws: anything undecryptable,
   * malformed, over the size limits, or whose decrypted id does not give back the
   * document's id (a forged id) is `{ ok: false }`.
   */
  decode(doc: CouchDoc): Promise<DecodeResult>;
}

/** A stop with a sentence for the user; `kind` says which (syncStatus.ts). */
export class SyncError extends Error {
  constructor(
    readonly kind: SyncErrorKind,
    message: string,
  ) {
    super(message);
    this.name = 'SyncError';
  }
}

export interface ReplicatorOptions {
  settings: SyncSettings;
  codec: DocCodec;
  local: LocalReplica;
  /** This device's name for the device document ("Chrome on Linux"). */
  deviceName: string;
  onStatus(status: SyncStatus): void;
  /**
   * Resolves when a catch-up may send or store its next batch (the user's typing first:
   * src/sync/worker/inputPacer.ts). Not asked while live. Defaults to at once.
   */
  beforeBatch?(signal: AbortSignal): Promise<void>;
  /** Defaults to globalThis.fetch; tests pass a faulty one. */
  fetch?: typeof fetch;
}

export interface Replicator {
  /**
   * Pushes and pulls until `signal` aborts: a first catch-up both ways, then live (pull by
   * long-poll, push when nudged). Network failures retry with exponential backoff and
   * report `offline`; 401/403 and other stops report `error` and end the run without
   * retrying. Resolves when stopped.
   */
  run(signal: AbortSignal): Promise<void>;
  /** Local records changed (this or another tab committed): push soon. */
  nudge(): void;
}

/**
 * The page's handle on sync (src/state/sync/syncController.ts implements it over the
 * worker; the Settings section uses only this).
 */
export interface SyncController {
  /**
   * Checks the server (reachable, CORS, credentials, the database, created if it may be)
   * and the passphrase, keeps the settings and the derived keys on this device, and starts
   * syncing. Resolves once the checks passed; rejects with a SyncError whose message is
   * the sentence to show. An empty passphrase reuses the keys kept from the last start.
   */
  start(settings: SyncSettings, passphrase: string): Promise<void>;
  /** Stops syncing; the settings and keys stay, nothing local or remote is deleted. */
  stop(): Promise<void>;
  /** Stops and removes the settings, the credentials and the keys from this device. */
  forget(): Promise<void>;
  /** The settings kept on this device (for the form), if any, and whether sync is on. */
  saved(): Promise<{ settings: SyncSettings; running: boolean; hasKeys: boolean } | undefined>;
  status(): SyncStatus;
  subscribe(listener: (status: SyncStatus) => void): () => void;
}
