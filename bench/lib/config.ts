/**
 * Sizes and repetitions of each figure, full or quick (BENCH_QUICK=1, set by
 * `npm run bench -- --quick`). bench/run.mjs reads the same numbers from the results.
 */
import { fileURLToPath } from 'node:url';

export const QUICK = process.env.BENCH_QUICK === '1';

/** Where each figure's raw measurements go, one JSON file per figure, for run.mjs to read. */
export const RESULTS_DIR =
  process.env.BENCH_RESULTS_DIR ?? fileURLToPath(new URL('../.dist/results', import.meta.url));

export const APP_DIR = process.env.BENCH_APP_DIST ?? fileURLToPath(new URL('../.dist/app', import.meta.url));
export const BARE_DIR = fileURLToPath(new URL('../.dist/bare', import.meta.url));
export const PROFILE_DIR = fileURLToPath(new URL('../.profiles', import.meta.url));

export const PORT = Number(process.env.BENCH_PORT) || 4400;

/** `BENCH_PROFILE=P1` (or P2, P3, P4): trace the first timed Baton run of that figure. */
export const PROFILE = (process.env.BENCH_PROFILE ?? '').toUpperCase();

/** How long one awaited state may take before the figure counts as not measured. */
export const WAIT_MS = QUICK ? 60_000 : 120_000;

export interface GrowthSize {
  size: number;
  reps: number;
}

/**
 * The large database, seeded once per run into one profile and read by P3 and P4: one
 * session of `session` entries (P4 opens it), `fillers` sessions of
 * P3_ENTRIES_PER_SESSION entries (P3's shape; their text the same generator's, as long as
 * every other figure's), and the short session the app opens on (4 entries): `session`
 * + `fillers` × 50 + 4 entries in all.
 */
export interface LargeDatabase {
  session: number;
  fillers: number;
  reps: number;
}

export const SIZES = QUICK
  ? {
      p1: { messages: 200, tokens: 1000, reps: 1 },
      // One size each: at these sizes growth says nothing, and every size costs browser
      // launches (a second or two each); the large database still gives P3 and P4 a second row.
      p2: [{ size: 100, reps: 1 }],
      p2Main: 100,
      p3: [{ size: 20, reps: 1 }],
      p3Main: 20,
      p4: [{ size: 200, reps: 1 }],
      p4aMain: 200,
      // Tiny, so the quick run still goes through every step of the large database.
      large: { session: 400, fillers: 32, reps: 1 } satisfies LargeDatabase,
    }
  : {
      p1: { messages: 2000, tokens: 20_000, reps: 5 },
      p2: [
        { size: 500, reps: 5 },
        { size: 5000, reps: 5 },
        { size: 50_000, reps: 3 },
      ],
      p2Main: 5000,
      p3: [
        { size: 100, reps: 5 },
        { size: 1000, reps: 5 },
        { size: 10_000, reps: 3 },
      ],
      p3Main: 1000,
      p4: [
        { size: 1000, reps: 5 },
        { size: 10_000, reps: 5 },
        { size: 100_000, reps: 3 },
      ],
      // P4's own figure is the large database's row (its target is set there); P4a's, 10,000 entries.
      p4aMain: 10_000,
      // 100,000 + 18,000 × 50 + 4 = 1,000,004 entries.
      large: { session: 100_000, fillers: 18_000, reps: 3 } satisfies LargeDatabase,
    };

/**
 * P10 to P13: how many repetitions, and by how much the sizes of the findings (1 MB,
 * 500 KB, 1,000,000 and 499,017 characters) are divided. Quick runs use a twentieth.
 */
export const HOSTILE = QUICK ? { reps: 1, divide: 20 } : { reps: 3, divide: 1 };

/**
 * P3a and P4a: P3 and P4 again, on the same data but with images attached. One user
 * message in `every` (counting back from each session's newest) carries one PNG of
 * `bytes` bytes, `width` × `height` pixels: with user and assistant messages in turn, one
 * message in ten. Quick runs too, at their tiny sizes.
 */
export const ATTACHMENTS = { every: 5, bytes: 200_000, width: 1200, height: 800 };

/**
 * The most image bytes one size of P3a or P4a seeds. The profile is on disk, so the limit
 * is no longer memory (an off-the-record context kept its Blobs in memory and refused
 * writes past about 2 GB) but seeding time and disk space: on the 2-core machine images
 * seed at about 100 MB a second, so P4a at 100,000 entries (10,000 images, 2 GB) costs
 * about 20 s and is run; P3a at 10,000 sessions (50,000 images, 10 GB) is not.
 */
export const ATTACHMENT_BUDGET_BYTES = 2_500_000_000;

/** How many attachments a session of `entries` entries gets under ATTACHMENTS. */
export function attachmentsPerSession(entries: number): number {
  return Math.ceil(Math.ceil(entries / 2) / ATTACHMENTS.every);
}

/**
 * P19: P3's cold start with the app's service worker installed, at P3's main size (1,000
 * sessions of 50 entries; quick runs P3's quick size).
 */
export const P19 = QUICK ? { sessions: 20, reps: 1 } : { sessions: 1000, reps: 5 };

/** Entries per session in P3. */
export const P3_ENTRIES_PER_SESSION = 50;
/** P4's baseline reads this many of the newest entries, and so does P3's of the open session (the app's first page). */
export const P4_NEWEST = 100;

/**
 * Turns of P9's session before its handoff. The same in quick and full runs: the figure
 * is a count, not a timing, and the session takes a few seconds.
 */
export const P9_TURNS = 30;

/**
 * P14: the search index built over `sessions` × `entries` (Node, the app's SearchEngine
 * over an in-memory source), then `queries` searches timed. P15: the longest main-thread
 * task in Chromium while the search worker indexes `p15Entries` stored entries.
 */
export const RECALL = QUICK
  ? { sessions: 20, entries: 10, queries: 5, p15Entries: 2000 }
  : { sessions: 1000, entries: 50, queries: 50, p15Entries: 100_000 };

/**
 * P17: the workspace (issue 26). Listing a workspace of `files` files of `fileBytes`, and
 * a str_replace on a file of `bigBytes`; the same sizes in quick runs (seeding them takes
 * about a second), one repetition instead of five.
 */
export const P17 = { files: 1000, fileBytes: 20_000, bigBytes: 1_000_000, reps: QUICK ? 1 : 5 };

/**
 * P16: MCP tool round trips timed on each side (Baton, then the bare baseline, taking
 * turns which goes first), after one untimed round trip each. Quick runs take a few.
 */
export const P16 = { trips: QUICK ? 3 : 20 };

/**
 * P18: sync (issue 28). `sessions` × `entries` entries synced up from one profile and down
 * to another through PouchDB Server: 100,000 in a full run, a few hundred in a quick one.
 */
export const P18 = QUICK ? { sessions: 4, entries: 100 } : { sessions: 100, entries: 1000 };
