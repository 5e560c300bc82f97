/**
 * Paths of a file tree, normalised and confined to their root. Every path the tools or
 * the panel give goes through normalizePath before it reaches storage, so a stored path
 * is always in the one normal form (`/` then names joined by `/`) and can never name
 * anything outside its root: there is no `..` to climb with, and the store is keyed by
 * root, so another root is out of reach whatever the string says.
 *
 * What is refused (each with a sentence the tool result or the panel shows):
 * - anything but a string, or nothing but spaces;
 * - `..` segments (refused, not resolved: a model that writes one has made a mistake
 *   or is being steered, and resolving it would hide that);
 * - backslashes (another system's separator, and a classic way round `..` checks);
 * - NUL and control characters (C0, DEL and C1), which no file name needs;
 * - a path over FILE_LIMITS.pathChars, or one name over FILE_LIMITS.segmentChars;
 * - for the memory tool, any path not under `/memories` (its docs: "restrict all memory
 *   operations to the /memories directory").
 * What is normalised: a leading `/` or none (both mean the root), `.` segments, repeated
 * and trailing slashes. Percent signs are plain characters: nothing is URL-decoded, so
 * `%2e%2e` is a file name, not a way up.
 */
import { FILE_LIMITS, type FileRoot } from './fileStore';

/** The memory tool's directory: every memory path lies under it (its docs' own path). */
export const MEMORY_DIR = '/memories';

/** The root of a workspace, as a normalised path. */
export const ROOT_PATH = '/';

export type PathScope = 'workspace' | 'memory';

export type PathResult = { ok: true; path: string } | { ok: false; error: string };

export function pathScope(root: FileRoot): PathScope {
  return root.kind === 'memory' ? 'memory' : 'workspace';
}

/** The directory a scope's paths live in: `/` for a workspace, `/memories` for memory. */
export function scopeDir(scope: PathScope): string {
  return scope === 'memory' ? MEMORY_DIR : ROOT_PATH;
}

// C0 controls, DEL and C1 controls: nothing a file name needs, several that terminals and
// storage treat specially (NUL ends C strings).
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

export function normalizePath(raw: unknown, scope: PathScope): PathResult {
  if (typeof raw !== 'string') return refuse('The path must be a string.');
  if (raw.trim() === '') return refuse('The path is empty.');
  if (CONTROL.test(raw))
    return refuse('The path contains a control character (such as NUL), which no name may.');
  if (raw.includes('\\')) return refuse('The path contains a backslash; use / to separate folders.');
  const names: string[] = [];
  for (const name of raw.split('/')) {
    if (name === '' || name === '.') continue;
    if (name === '..')
      return refuse('The path contains "..", which is not allowed: paths stay inside their root.');
    if (name.length > FILE_LIMITS.segmentChars)
      return refuse(`A name in the path is longer than ${FILE_LIMITS.segmentChars} characters.`);
    names.push(name);
  }
  const path = `/${names.join('/')}`;
  if (path.length > FILE_LIMITS.pathChars)
    return refuse(`The path is longer than ${FILE_LIMITS.pathChars.toLocaleString('en-US')} characters.`);
  if (scope === 'memory' && !isWithin(path, MEMORY_DIR))
    return refuse(`Memory paths must lie under ${MEMORY_DIR}, as ${MEMORY_DIR}/notes.md does.`);
  return { ok: true, path };
}

/** `path` is `dir` or lies under it (both normalised). */
export function isWithin(path: string, dir: string): boolean {
  if (dir === ROOT_PATH) return path.startsWith('/');
  return path === dir || path.startsWith(`${dir}/`);
}

/** The directory holding `path` (normalised); the root's parent is the root. */
export function parentOf(path: string): string {
  const cut = path.lastIndexOf('/');
  return cut <= 0 ? ROOT_PATH : path.slice(0, cut);
}

/** Every directory above `path`, nearest first, the root last. */
export function ancestorsOf(path: string): string[] {
  const found: string[] = [];
  let at = path;
  while (at !== ROOT_PATH) {
    at = parentOf(at);
    found.push(at);
  }
  return found;
}

/** The last name of a normalised path (`''` for the root). */
export function baseName(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1);
}

/** `path` moved from under `from` to under `to` (for a directory's rename). */
export function movedPath(path: string, from: string, to: string): string {
  return path === from ? to : `${to}${path.slice(from.length)}`;
}

function refuse(error: string): PathResult {
  return { ok: false, error };
}
