/** Which URLs rendered markdown may point at; shared by the parser and the sanitiser. */

/** Raster formats only: an SVG data URI can carry script. */
export const SAFE_DATA_IMAGE = /^data:image\/(?:png|jpeg|gif|webp);base64,[a-z0-9+/=\s]+$/i;

const SAFE_LINK_PROTOCOLS = new Set(['http:', 'https:', 'mailto:']);

/**
 * Checked by parsing, not by pattern, so schemes hidden by case, entities already
 * decoded by the DOM, or embedded tabs and newlines cannot slip by.
 */
export function isSafeLinkHref(href: string): boolean {
  if (href.startsWith('#')) return true;
  try {
    return SAFE_LINK_PROTOCOLS.has(new URL(href, 'https://relative.invalid/').protocol);
  } catch {
    return false;
  }
}

/** An absolute http(s) address: what a source or search result may link to. */
export function isWebUrl(url: string): boolean {
  try {
    const { protocol } = new URL(url);
    return protocol === 'http:' || protocol === 'https:';
  } catch {
    return false;
  }
}
