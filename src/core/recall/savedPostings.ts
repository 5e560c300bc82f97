/**
 * The index's saved form (what IndexedDB stores for it) and its coding: document numbers
 * go in as the gaps between them, and come out checked, so a damaged or foreign saved
 * index is rebuilt rather than trusted.
 */

/** What the index saves: plain data and typed arrays, as IndexedDB stores them. */
export interface SavedPostings {
  /** Every term by number, joined by line breaks (a term never holds one: they split words). */
  terms: string;
  /** Per term, where its postings start in `counts` (one more than the terms). */
  offsets: Uint32Array;
  /**
   * Each term's document numbers, ascending, as the gaps between them in LEB128 (7 bits
   * a byte): most gaps are small, so most postings cost one byte instead of four.
   */
  gaps: Uint8Array;
  counts: Uint8Array;
  /** Per document (by number): its id, its session (an index into `sessions`), its kind of text, its length in terms. */
  ids: string[];
  sessions: string[];
  docSession: Uint32Array;
  docRole: Uint8Array;
  docLength: Uint16Array;
}

/**
 * A saved form's document numbers, once its arrays are checked to agree with each
 * other; undefined if they do not (then the index is rebuilt).
 */
export function decodeDocs(saved: SavedPostings): Uint32Array | undefined {
  const terms = saved.terms === '' ? 0 : saved.terms.split('\n').length;
  const docCount = saved.ids.length;
  const total = saved.offsets[terms];
  const fits =
    saved.offsets.length === terms + 1 &&
    total === saved.counts.length &&
    saved.docSession.length === docCount &&
    saved.docRole.length === docCount &&
    saved.docLength.length === docCount &&
    saved.docSession.every((session) => session < saved.sessions.length);
  if (!fits) return undefined;
  const docs = new Uint32Array(total);
  const { gaps, offsets } = saved;
  let at = 0;
  for (let term = 0; term < terms; term++) {
    let doc = 0;
    for (let i = offsets[term] ?? 0; i < (offsets[term + 1] ?? 0); i++) {
      let gap = 0;
      let shift = 0;
      let byte = 128;
      while (byte >= 128) {
        if (at >= gaps.length) return undefined;
        byte = gaps[at++] ?? 0;
        gap += (byte & 127) * 2 ** shift;
        shift += 7;
      }
      doc += gap;
      if (doc >= docCount) return undefined;
      docs[i] = doc;
    }
  }
  return at === gaps.length ? docs : undefined;
}

/** Each term's document numbers as LEB128 gaps (see SavedPostings.gaps). */
export function encodeGaps(offsets: Uint32Array, docs: Uint32Array): Uint8Array {
  const bytes = new Uint8Array(docs.length * 5);
  let at = 0;
  for (let term = 0; term + 1 < offsets.length; term++) {
    let previous = 0;
    for (let i = offsets[term] ?? 0; i < (offsets[term + 1] ?? 0); i++) {
      const doc = docs[i] ?? 0;
      let gap = doc - previous;
      previous = doc;
      while (gap >= 128) {
        bytes[at++] = (gap & 127) | 128;
        gap = Math.floor(gap / 128);
      }
      bytes[at++] = gap;
    }
  }
  return bytes.slice(0, at);
}
