/**
 * Removes a secret (the user's API key) from text before it leaves our hands: a handoff
 * document, a focus instruction, an export, an error sentence, a log line, a stored record.
 *
 * Not only the whole key: a model that echoes a key often breaks it (`sk-ant-api03
 * -REDTEAM…`, a line break in the middle, the body quoted alone). What makes a key secret
 * is its body, the part after the public `sk-ant-…-` prefix, so the body and every run of
 * at least MIN_FRAGMENT_LENGTH of its characters are removed wherever they occur.
 */

/** Shorter secrets are not redacted: replacing every "sk" or "test" would mangle ordinary text. */
export const MIN_SECRET_LENGTH = 8;

/**
 * Pieces of the body this long are removed on their own. Twelve characters of a random
 * key body do not occur by chance in ordinary text (62^12 ≈ 3·10^21), and a key cut into
 * pieces shorter than this leaks less than a third of a 95-character body per piece.
 */
export const MIN_FRAGMENT_LENGTH = 12;

/** `sk-ant-api03-`, `sk-ant-admin01-`, `sk-ant-oat01-`: public, the same in every key of a kind. */
const KEY_PREFIX = /^sk-ant-[a-z]+\d*-/;

/** The secret part of a key: what follows its known prefix, or the whole key when it has none. */
export function secretBody(secret: string): string {
  const needle = secret.trim();
  return needle.slice(KEY_PREFIX.exec(needle)?.[0].length ?? 0);
}

/** Finds the pieces of one secret in text; made once per secret (see matcherFor). */
class SecretMatcher {
  private readonly needle: string;
  private readonly gram: number;
  private readonly grams = new Set<string>();
  private readonly alphabet: Set<string>;

  constructor(secret: string) {
    this.needle = secret.trim();
    const body = secretBody(this.needle);
    // A body too short to be secret on its own (a test key's "key") is matched only inside the whole key.
    this.gram = body.length >= MIN_SECRET_LENGTH ? Math.min(MIN_FRAGMENT_LENGTH, body.length) : 0;
    for (let i = 0; this.gram > 0 && i + this.gram <= body.length; i++)
      this.grams.add(body.slice(i, i + this.gram));
    this.alphabet = new Set(body);
  }

  /** `text` with the whole secret and every piece of its body replaced by `placeholder`. */
  redact(text: string, placeholder: string): string {
    if (this.needle.length < MIN_SECRET_LENGTH) return text;
    // split/join replaces every occurrence literally; a key is not a pattern.
    const whole = text.includes(this.needle) ? text.split(this.needle).join(placeholder) : text;
    const spans = this.pieces(whole);
    if (spans.length === 0) return whole;
    let out = '';
    let from = 0;
    for (const [start, end] of spans) {
      out += whole.slice(from, start) + placeholder;
      from = end;
    }
    return out + whole.slice(from);
  }

  /**
   * The spans of `text` made of the body's pieces, merged, in order. Only runs of the
   * body's own characters can hold a piece, so ordinary prose (short runs between
   * spaces) costs one pass over its characters.
   */
  private pieces(text: string): Array<[number, number]> {
    const spans: Array<[number, number]> = [];
    if (this.gram === 0) return spans;
    let runStart = 0;
    for (let i = 0; i <= text.length; i++) {
      if (i < text.length && this.alphabet.has(text.charAt(i))) continue;
      if (i - runStart >= this.gram) this.piecesInRun(text, runStart, i, spans);
      runStart = i + 1;
    }
    return spans;
  }

  private piecesInRun(text: string, start: number, end: number, spans: Array<[number, number]>): void {
    for (let i = start; i + this.gram <= end; i++) {
      if (!this.grams.has(text.slice(i, i + this.gram))) continue;
      const last = spans.at(-1);
      // Overlapping or touching pieces are one span: the placeholder appears once for them.
      if (last && last[1] >= i) last[1] = Math.max(last[1], i + this.gram);
      else spans.push([i, i + this.gram]);
    }
  }
}

/**
 * A redactor for one secret, to use on many strings (a Forget key rewrite, an export):
 * the pieces of its body are worked out once.
 */
export function secretRedactor(secret: string, placeholder = '[API key removed]'): (text: string) => string {
  const matcher = new SecretMatcher(secret);
  return (text) => matcher.redact(text, placeholder);
}

export function redactSecret(
  text: string,
  secret: string | undefined,
  placeholder = '[API key removed]',
): string {
  if (secret === undefined) return text;
  // A key pasted with a stray space or newline is still the same key (the matcher trims it).
  return new SecretMatcher(secret).redact(text, placeholder);
}
