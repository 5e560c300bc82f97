/**
 * Document ids on the server (the scheme of syncRecord.ts): `e:`, `h:` and `a:` with the
 * record's id in clear (random ids that say nothing), `f:` and `c:` with an HMAC of the
 * record id, since a workspace record's id holds the file's path, which is private.
 */
import { hmacHex } from '../crypto/cipher';
import { META_DOC_ID } from '../crypto/metaDoc';
import type { SyncKeys } from '../syncContract';
import type { SyncKind } from '../syncRecord';

/** The prefix of a device document; the rest is the device id. */
export const DEVICE_PREFIX = 'd:';

const PREFIX: Readonly<Record<SyncKind, string>> = {
  entry: 'e:',
  header: 'h:',
  attachment: 'a:',
  file: 'f:',
  fileChange: 'c:',
};

/** The kinds whose ids are private: the document id is an HMAC of the record id. */
const HASHED: ReadonlySet<SyncKind> = new Set<SyncKind>(['file', 'fileChange']);

export async function recordDocId(keys: SyncKeys, record: { kind: SyncKind; id: string }): Promise<string> {
  const prefix = PREFIX[record.kind];
  // The kind goes into the MAC too, so a file and a change never share an input.
  return HASHED.has(record.kind)
    ? `${prefix}${await hmacHex(keys, `${prefix}\n${record.id}`)}`
    : prefix + record.id;
}

/** What a document id names, read from its prefix: a record kind, a device, the meta document. */
export function docKindOf(docId: string): SyncKind | 'device' | 'meta' | undefined {
  if (docId === META_DOC_ID) return 'meta';
  if (docId.startsWith(DEVICE_PREFIX)) return 'device';
  for (const [kind, prefix] of Object.entries(PREFIX) as Array<[SyncKind, string]>) {
    if (docId.startsWith(prefix)) return kind;
  }
  return undefined;
}
