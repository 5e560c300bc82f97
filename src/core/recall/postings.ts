/**
 * The index's documents and postings in flat typed arrays: for each term, the numbers of
 * the documents that contain it and how often. Most postings live in one compact block
 * (offsets per term into one array of document numbers and one of counts); what was
 * added since the last merge lives in a small per-term list beside it, and a removed
 * document is only marked until the next merge drops it. A search adds up BM25 scores
 * straight from these arrays into one array of scores, with no object per match; the
 * saved form (savedPostings.ts) is the same arrays, no text in them.
 */
import { encodeGaps, type SavedPostings } from './savedPostings';
import { TermDictionary } from './termDictionary';

/** A document as the postings know it: its id, its session and a small code for its kind of text. */
export interface PostedDoc {
  id: string;
  sessionId: string;
  role: number;
  terms: ReadonlyMap<string, number>;
}

function grown<T extends Uint8Array | Uint16Array | Uint32Array>(
  array: T,
  need: number,
  make: (n: number) => T,
): T {
  if (array.length >= need) return array;
  const next = make(Math.max(need, array.length * 2, 64));
  next.set(array);
  return next;
}

/** BM25's parameters, as MiniSearch (the library the index used before) set them. */
export const BM25_K = 1.2;
export const BM25_B = 0.7;
export const BM25_D = 0.5;

/**
 * Where a query adds up: per document its score and a bit per query term it matched,
 * and the documents touched (the first `count` of `touched`), so only those are reset.
 */
export interface Scratch {
  scores: Float64Array;
  masks: Uint32Array;
  touched: Uint32Array;
  count: number;
}

const MAX_COUNT = 255;
const MAX_LENGTH = 65_535;

export class Postings {
  readonly dict: TermDictionary;
  private ids: string[];
  private readonly byId = new Map<string, number>();
  private sessions: string[];
  private readonly sessionNo = new Map<string, number>();
  private docSession: Uint32Array;
  private docRole: Uint8Array;
  private docLength: Uint16Array;
  /** 1 for a document in the index, 0 for one removed since the last merge. */
  private live: Uint8Array;
  private liveCount = 0;
  private totalLength = 0;
  private removed = 0;
  private offsets: Uint32Array;
  private docs: Uint32Array;
  private counts: Uint8Array;
  /** Postings added since the last merge, per term number: document, count, document, count… */
  private tail = new Map<number, number[]>();
  private tailSize = 0;
  /** Dropped by every change to the documents (lengths, the average, the numbering). */
  private normCache: Float32Array | undefined;
  private scratchSpace: Scratch = {
    scores: new Float64Array(0),
    masks: new Uint32Array(0),
    touched: new Uint32Array(0),
    count: 0,
  };

  /** `saved` must have passed savedPostings.ts's `decodeDocs`, which gives its document numbers. */
  constructor(saved?: SavedPostings, docs?: Uint32Array) {
    this.dict = new TermDictionary(saved && saved.terms !== '' ? saved.terms.split('\n') : []);
    this.ids = saved ? [...saved.ids] : [];
    this.sessions = saved ? [...saved.sessions] : [];
    this.docSession = saved?.docSession ?? new Uint32Array(0);
    this.docRole = saved?.docRole ?? new Uint8Array(0);
    this.docLength = saved?.docLength ?? new Uint16Array(0);
    this.offsets = saved?.offsets ?? new Uint32Array(1);
    this.docs = docs ?? new Uint32Array(0);
    this.counts = saved?.counts ?? new Uint8Array(0);
    this.live = new Uint8Array(this.ids.length).fill(1);
    for (const [no, id] of this.ids.entries()) this.byId.set(id, no);
    for (const [no, session] of this.sessions.entries()) this.sessionNo.set(session, no);
    this.liveCount = this.ids.length;
    for (let doc = 0; doc < this.ids.length; doc++) this.totalLength += this.docLength[doc] ?? 0;
  }

  get size(): number {
    return this.liveCount;
  }

  get averageLength(): number {
    return this.liveCount === 0 ? 0 : this.totalLength / this.liveCount;
  }

  docOf(id: string): number | undefined {
    return this.byId.get(id);
  }

  idOf(doc: number): string {
    return this.ids[doc] ?? '';
  }

  sessionOf(doc: number): string {
    return this.sessions[this.docSession[doc] ?? 0] ?? '';
  }

  sessionNumber(sessionId: string): number | undefined {
    return this.sessionNo.get(sessionId);
  }

  sessionNumberOf(doc: number): number {
    return this.docSession[doc] ?? 0;
  }

  roleOf(doc: number): number {
    return this.docRole[doc] ?? 0;
  }

  add({ id, sessionId, role, terms }: PostedDoc): void {
    if (this.byId.has(id)) this.remove(id);
    this.normCache = undefined;
    const doc = this.ids.length;
    const need = doc + 1;
    this.ids.push(id);
    this.byId.set(id, doc);
    let session = this.sessionNo.get(sessionId);
    if (session === undefined) {
      session = this.sessions.length;
      this.sessions.push(sessionId);
      this.sessionNo.set(sessionId, session);
    }
    this.docSession = grown(this.docSession, need, (n) => new Uint32Array(n));
    this.docRole = grown(this.docRole, need, (n) => new Uint8Array(n));
    this.docLength = grown(this.docLength, need, (n) => new Uint16Array(n));
    this.live = grown(this.live, need, (n) => new Uint8Array(n));
    this.docSession[doc] = session;
    this.docRole[doc] = role;
    const length = Math.min(terms.size, MAX_LENGTH);
    this.docLength[doc] = length;
    this.live[doc] = 1;
    this.liveCount++;
    this.totalLength += length;
    for (const [term, count] of terms) {
      const no = this.dict.intern(term);
      let list = this.tail.get(no);
      if (!list) {
        list = [];
        this.tail.set(no, list);
      }
      list.push(doc, Math.min(count, MAX_COUNT));
    }
    this.tailSize += terms.size;
    // Merging costs a pass over every posting: done when the tail is a fair share of them, so it stays cheap overall.
    if (this.tailSize > Math.max(100_000, this.docs.length / 2)) this.merge();
  }

  remove(id: string): void {
    const doc = this.byId.get(id);
    if (doc === undefined) return;
    this.normCache = undefined;
    this.byId.delete(id);
    this.live[doc] = 0;
    this.liveCount--;
    this.totalLength -= this.docLength[doc] ?? 0;
    this.removed++;
  }

  /**
   * Calls `visit(doc, count)` for each document in the index that holds the term, in
   * document order, and returns how many there were.
   */
  forEach(term: number, visit?: (doc: number, count: number) => void): number {
    let found = 0;
    const from = term + 1 < this.offsets.length ? (this.offsets[term] ?? 0) : 0;
    const to = term + 1 < this.offsets.length ? (this.offsets[term + 1] ?? 0) : 0;
    const { docs, counts, live } = this;
    for (let i = from; i < to; i++) {
      const doc = docs[i] ?? 0;
      if (live[doc] !== 1) continue;
      found++;
      visit?.(doc, counts[i] ?? 0);
    }
    const list = this.tail.get(term);
    if (list)
      for (let i = 0; i < list.length; i += 2) {
        const doc = list[i] ?? 0;
        if (live[doc] !== 1) continue;
        found++;
        visit?.(doc, list[i + 1] ?? 0);
      }
    return found;
  }

  /** How many documents in the index hold the term (counted only when some were removed since the merge). */
  holders(term: number): number {
    if (this.removed > 0) return this.forEach(term);
    const block =
      term + 1 < this.offsets.length ? (this.offsets[term + 1] ?? 0) - (this.offsets[term] ?? 0) : 0;
    return block + (this.tail.get(term)?.length ?? 0) / 2;
  }

  /**
   * Adds the term's BM25 score (times `weight`) to each document that holds it and sets
   * `bit` in its mask, listing in `scratch.touched` each document met for the first time.
   * The loop a query spends its time in: written out over the arrays, no call per posting.
   */
  accumulate(term: number, weight: number, idf: number, bit: number, scratch: Scratch): void {
    const { docs, counts, live } = this;
    const norms = this.norms();
    const { scores, masks, touched } = scratch;
    const add = (doc: number, tf: number) => {
      scores[doc] =
        (scores[doc] ?? 0) + weight * idf * (BM25_D + (tf * (BM25_K + 1)) / (tf + (norms[doc] ?? 0)));
      const mask = masks[doc] ?? 0;
      if (mask === 0) touched[scratch.count++] = doc;
      masks[doc] = mask | bit;
    };
    if (term + 1 < this.offsets.length) {
      const to = this.offsets[term + 1] ?? 0;
      for (let i = this.offsets[term] ?? 0; i < to; i++) {
        const doc = docs[i] ?? 0;
        if (live[doc] !== 1) continue;
        const tf = counts[i] ?? 0;
        scores[doc] =
          (scores[doc] ?? 0) + weight * idf * (BM25_D + (tf * (BM25_K + 1)) / (tf + (norms[doc] ?? 0)));
        const mask = masks[doc] ?? 0;
        if (mask === 0) touched[scratch.count++] = doc;
        masks[doc] = mask | bit;
      }
    }
    const list = this.tail.get(term);
    if (list)
      for (let i = 0; i < list.length; i += 2)
        if (live[list[i] ?? 0] === 1) add(list[i] ?? 0, list[i + 1] ?? 0);
  }

  /** Per document, BM25's length part (k × (1 − b + b × length ÷ average)): made again only after the index changed. */
  private norms(): Float32Array {
    if (!this.normCache) {
      const average = this.averageLength || 1;
      const norms = new Float32Array(this.ids.length);
      for (let doc = 0; doc < norms.length; doc++)
        norms[doc] = BM25_K * (1 - BM25_B + (BM25_B * (this.docLength[doc] ?? 0)) / average);
      this.normCache = norms;
    }
    return this.normCache;
  }

  /** Arrays a query adds its scores up in, kept from one query to the next (each leaves them zeroed). */
  scratch(): Scratch {
    if (this.scratchSpace.scores.length < this.ids.length) {
      const size = Math.max(this.ids.length, this.scratchSpace.scores.length * 2);
      this.scratchSpace = {
        scores: new Float64Array(size),
        masks: new Uint32Array(size),
        touched: new Uint32Array(size),
        count: 0,
      };
    }
    return this.scratchSpace;
  }

  /** Whether a document holds a term (postings are in document order: a binary search, then the tail). */
  holds(term: number, doc: number): boolean {
    if (term + 1 < this.offsets.length) {
      let low = this.offsets[term] ?? 0;
      let high = this.offsets[term + 1] ?? 0;
      while (low < high) {
        const mid = (low + high) >>> 1;
        const at = this.docs[mid] ?? 0;
        if (at === doc) return true;
        if (at < doc) low = mid + 1;
        else high = mid;
      }
    }
    const list = this.tail.get(term);
    if (list) for (let i = 0; i < list.length; i += 2) if (list[i] === doc) return true;
    return false;
  }

  /** Folds the tail into the block and drops removed documents (renumbering the rest in order). */
  merge(): void {
    if (this.tailSize === 0 && this.removed === 0) return;
    this.normCache = undefined;
    const renumber = new Uint32Array(this.ids.length);
    const ids: string[] = [];
    for (let doc = 0; doc < this.ids.length; doc++) {
      if (this.live[doc] !== 1) continue;
      renumber[doc] = ids.length;
      ids.push(this.ids[doc] ?? '');
    }
    const termCount = this.dict.size;
    const offsets = new Uint32Array(termCount + 1);
    for (let term = 0; term < termCount; term++)
      offsets[term + 1] = (offsets[term] ?? 0) + this.forEach(term);
    const total = offsets[termCount] ?? 0;
    const docs = new Uint32Array(total);
    const counts = new Uint8Array(total);
    for (let term = 0; term < termCount; term++) {
      let at = offsets[term] ?? 0;
      this.forEach(term, (doc, count) => {
        docs[at] = renumber[doc] ?? 0;
        counts[at] = count;
        at++;
      });
    }
    const keep = (
      array: Uint8Array | Uint16Array | Uint32Array,
      into: Uint8Array | Uint16Array | Uint32Array,
    ) => {
      for (let doc = 0; doc < this.ids.length; doc++)
        if (this.live[doc] === 1) into[renumber[doc] ?? 0] = array[doc] ?? 0;
      return into;
    };
    this.docSession = keep(this.docSession, new Uint32Array(ids.length)) as Uint32Array;
    this.docRole = keep(this.docRole, new Uint8Array(ids.length)) as Uint8Array;
    this.docLength = keep(this.docLength, new Uint16Array(ids.length)) as Uint16Array;
    this.live = new Uint8Array(ids.length).fill(1);
    this.ids = ids;
    this.byId.clear();
    for (const [doc, id] of ids.entries()) this.byId.set(id, doc);
    this.offsets = offsets;
    this.docs = docs;
    this.counts = counts;
    this.tail = new Map();
    this.tailSize = 0;
    this.removed = 0;
  }

  /** The saved form: merged first, so it is the compact block alone. */
  save(): SavedPostings {
    this.merge();
    return {
      terms: this.dict.all().join('\n'),
      offsets: this.offsets,
      gaps: encodeGaps(this.offsets, this.docs),
      counts: this.counts,
      // Copies: adding to the index after a save must not change what was handed to be saved.
      ids: [...this.ids],
      sessions: [...this.sessions],
      docSession: this.docSession,
      docRole: this.docRole,
      docLength: this.docLength,
    };
  }
}
