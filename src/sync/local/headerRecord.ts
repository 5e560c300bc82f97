/**
 * A merged HeaderDoc as the local store keeps it: the SessionHeader it gives, and one stamp
 * for it (the newest of its fields' and its deletion's). The replicator reads a header back
 * with that stamp, so the stamp a pull stored is the one it knows for an echo.
 *
 * Until src/sync/couch/headerDoc.ts (the replicator's) exports its own sessionHeaderOf,
 * the conversion lives here; the two must agree (absent optional fields are `null` in a
 * HeaderDoc, `leafId` is null for an empty session and stays null).
 */
import type { SessionHeader } from '../../core/types/entry';
import { compareStamps, type Stamp, UNSTAMPED } from '../../storage/revision';
import type { HeaderDoc } from '../syncRecord';

/** Fields of SessionHeader that are required yet may hold null: kept as null, not dropped. */
const NULLABLE_REQUIRED: ReadonlySet<string> = new Set(['leafId']);

export function sessionHeaderOf(doc: HeaderDoc): SessionHeader {
  const header: Record<string, unknown> = { id: doc.id, children: [...doc.children] };
  for (const [name, field] of Object.entries(doc.fields)) {
    if (field.value !== null || NULLABLE_REQUIRED.has(name)) header[name] = field.value;
  }
  // Every field of SessionHeader is in `fields` (its type says so), id and children added above.
  return header as unknown as SessionHeader;
}

/** The newest stamp in the doc: its fields' and its deletion's. */
export function headerStampOf(doc: HeaderDoc): Stamp {
  let newest: Stamp = UNSTAMPED;
  for (const field of Object.values(doc.fields) as Array<{ stamp: Stamp }>) {
    if (compareStamps(field.stamp, newest) > 0) newest = field.stamp;
  }
  if (doc.deleted && compareStamps(doc.deleted, newest) > 0) newest = doc.deleted;
  return { device: newest.device, rev: newest.rev };
}
