/**
 * A light English stemmer: strips the common inflection and derivation suffixes so that
 * "deploying", "deployed", "deploys" and "deployment" meet at "deploy". Deliberately
 * crude (no dictionary, no exceptions table): it runs on every indexed word and every
 * query word, so the same word always maps to the same stem, which is all search needs.
 */

/** Longest first, so "ments" is tried before "s". Each keeps at least MIN_STEM letters. */
const SUFFIXES = [
  'ational',
  'ations',
  'ation',
  'ments',
  'ment',
  'ings',
  'ing',
  'ness',
  'ies',
  'ied',
  'ers',
  'er',
  'edly',
  'ed',
  'ly',
  'es',
  's',
] as const;

const MIN_STEM = 3;

/** "running" → "run", not "runn": a doubled final consonant left by a suffix is undoubled. */
function undouble(stem: string): string {
  const last = stem.at(-1);
  if (stem.length > MIN_STEM && last === stem.at(-2) && last !== undefined && /[bdfgmnprt]/.test(last))
    return stem.slice(0, -1);
  return stem;
}

export function stem(word: string): string {
  // Numbers, paths and identifiers are matched as written.
  if (word.length <= MIN_STEM + 1 || /\d/.test(word)) return word;
  for (const suffix of SUFFIXES) {
    if (!word.endsWith(suffix)) continue;
    const base = word.slice(0, -suffix.length);
    if (base.length < MIN_STEM) continue;
    // "class", "boss": a double s is part of the word.
    if (suffix === 's' && (base.endsWith('s') || base.endsWith('u') || base.endsWith('i'))) return word;
    if (suffix === 'ies' || suffix === 'ied') return `${base}y`;
    // "deploy-es" is not a thing, but "fix-es", "pass-es" are: keep the e off only after s, x, z, ch, sh.
    if (suffix === 'es' && !/(s|x|z|ch|sh)$/.test(base)) return word.slice(0, -1);
    return undouble(base);
  }
  return word;
}
