/**
 * Media types: guessed from a name for the files the tools write (the panel highlights,
 * renders and previews by it), and read from an upload to decide text or binary.
 */

const BY_EXTENSION: Readonly<Record<string, string>> = {
  md: 'text/markdown',
  markdown: 'text/markdown',
  txt: 'text/plain',
  html: 'text/html',
  htm: 'text/html',
  css: 'text/css',
  csv: 'text/csv',
  js: 'text/javascript',
  mjs: 'text/javascript',
  cjs: 'text/javascript',
  jsx: 'text/javascript',
  ts: 'text/x-typescript',
  tsx: 'text/x-typescript',
  json: 'application/json',
  xml: 'application/xml',
  svg: 'image/svg+xml',
  yaml: 'application/yaml',
  yml: 'application/yaml',
  toml: 'application/toml',
  py: 'text/x-python',
  rs: 'text/x-rust',
  go: 'text/x-go',
  java: 'text/x-java',
  c: 'text/x-c',
  h: 'text/x-c',
  cpp: 'text/x-c++',
  sh: 'application/x-sh',
  sql: 'application/sql',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  pdf: 'application/pdf',
  zip: 'application/zip',
};

/** The media type a file's name suggests; plain text when it suggests none. */
export function guessMediaType(path: string): string {
  const name = path.slice(path.lastIndexOf('/') + 1);
  const dot = name.lastIndexOf('.');
  if (dot <= 0) return 'text/plain';
  return BY_EXTENSION[name.slice(dot + 1).toLowerCase()] ?? 'text/plain';
}

const TEXT_APPLICATION_TYPES = new Set([
  'application/json',
  'application/javascript',
  'application/xml',
  'application/yaml',
  'application/toml',
  'application/x-sh',
  'application/sql',
  'image/svg+xml',
]);

/** A type whose contents are text: text/*, the text-like application types, and +json/+xml ones. */
export function isTextLike(mediaType: string): boolean {
  const type = mediaType.split(';')[0]?.trim().toLowerCase() ?? '';
  return (
    type.startsWith('text/') ||
    TEXT_APPLICATION_TYPES.has(type) ||
    type.endsWith('+json') ||
    type.endsWith('+xml')
  );
}

/** The type of a text file at `path`: the name's guess when that is a text type, else plain text (a text saved as logo.png is no image). */
export function textMediaType(path: string): string {
  const guessed = guessMediaType(path);
  return isTextLike(guessed) ? guessed : 'text/plain';
}
