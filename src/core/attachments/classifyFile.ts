/**
 * What Baton makes of a file from its name and the type the browser gave it, before
 * reading a byte: an image, a PDF, a text file, or nothing it can send. The bytes are
 * checked later (an image's real type, a PDF's signature, text that decodes as UTF-8).
 */
import type { AttachmentKind } from '../types/attachment';
import { IMAGE_MEDIA_TYPES, PDF_MEDIA_TYPE } from './attachmentLimits';

const IMAGE_EXTENSIONS = new Set(['png', 'jpg', 'jpeg', 'jpe', 'gif', 'webp']);

/**
 * Text by extension: browsers give many text formats no type or a wrong one (`.ts` is
 * "video/mp2t", `.md` is often empty), so the name decides first.
 */
const TEXT_EXTENSIONS = new Set(
  (
    'txt text md markdown rst adoc tex csv tsv json jsonl ndjson xml yaml yml toml ini cfg conf ' +
    'properties env log diff patch html htm css scss sass less svg js mjs cjs jsx ts mts cts tsx ' +
    'vue svelte astro py pyi rb go rs java kt kts scala groovy gradle c h cc cpp cxx hpp hh cs fs ' +
    'swift m mm php pl pm lua r jl dart ex exs erl hs ml clj sql sh bash zsh fish ps1 bat cmd ' +
    'graphql gql proto tf hcl nix cmake mk dockerfile makefile gitignore editorconfig'
  ).split(' '),
);

/** Text types besides text/*, as browsers name them. */
const TEXT_MEDIA_TYPES = new Set([
  'application/json',
  'application/xml',
  'application/javascript',
  'application/x-javascript',
  'application/typescript',
  'application/x-sh',
  'application/x-yaml',
  'application/yaml',
  'application/toml',
  'application/sql',
  'application/x-httpd-php',
]);

/** The lower-cased extension, or the whole name for files like "Makefile" and ".gitignore". */
export function extensionOf(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? name;
  const dot = base.lastIndexOf('.');
  return (dot >= 0 ? base.slice(dot + 1) : base).toLowerCase();
}

export function classifyFile(file: { name: string; type: string }): AttachmentKind | undefined {
  const type = file.type.toLowerCase().split(';')[0]?.trim() ?? '';
  const extension = extensionOf(file.name);
  if ((IMAGE_MEDIA_TYPES as readonly string[]).includes(type) || IMAGE_EXTENSIONS.has(extension))
    return 'image';
  if (type === PDF_MEDIA_TYPE || extension === 'pdf') return 'pdf';
  if (TEXT_EXTENSIONS.has(extension) || type.startsWith('text/') || TEXT_MEDIA_TYPES.has(type)) return 'text';
  return undefined;
}
