/** Small text helpers shared by the demo model's replies. */

/** Whitespace collapsed and cut to `max` characters, so quotes stay one short line. */
export function clip(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1).trimEnd()}…` : flat;
}

export function quote(text: string, max: number): string {
  return `“${clip(text, max)}”`;
}

/** The API's rough rule of thumb: about four characters per token. */
export function estimateTokens(chars: number): number {
  return Math.ceil(chars / 4);
}

/** FNV-1a: a stable short hash, so ids derived from text are the same on every run. */
export function stableHash(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(16).padStart(8, '0');
}
