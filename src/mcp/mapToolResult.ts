/**
 * An MCP tool result as the content of the Messages API's tool_result block: text stays
 * text, images become image blocks (only the four types the API reads, checked by their
 * first bytes, under its size limit), embedded resources become text, anything else a
 * one-line note, and isError becomes is_error. Text over the cap is cut, and a note in
 * the result itself says so, so the model and the user both see that it was.
 * Pure: the result is untrusted data from the server and is only copied, never run.
 */
import type { ToolImageMediaType, ToolResultContent } from '../core/types/message';
import type { CallToolOutcome } from './types';

/** The blocks a tool_result's content may hold, as the Messages API takes them (core's type). */
export type ToolResultContentBlock = ToolResultContent;

export interface MappedToolResult {
  content: ToolResultContentBlock[];
  isError: boolean;
  /** Sentences for the tool card: what was cut or left out. Each is also a text block of `content`. */
  notes: string[];
}

export interface ResultLimits {
  /** Characters of text kept in all (default 100,000). */
  maxTextChars?: number;
  /** Bytes of one image (default the API's 5 MB). */
  maxImageBytes?: number;
  /** Images kept (default 20). */
  maxImages?: number;
}

export const DEFAULT_RESULT_TEXT_CAP = 100_000;
const DEFAULT_MAX_IMAGE_BYTES = 5 * 1024 * 1024;
const DEFAULT_MAX_IMAGES = 20;
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const count = (value: number) => value.toLocaleString('en-US');
const size = (bytes: number) =>
  bytes < 1024 * 1024 ? `${Math.ceil(bytes / 1024)} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** The image type the data really is, from its first bytes; undefined for anything else. */
function sniffImage(base64: string): ToolImageMediaType | undefined {
  let head: string;
  try {
    head = atob(base64.slice(0, 24));
  } catch {
    return undefined;
  }
  if (head.startsWith('\x89PNG\r\n\x1a\n')) return 'image/png';
  if (head.startsWith('\xff\xd8\xff')) return 'image/jpeg';
  if (head.startsWith('GIF87a') || head.startsWith('GIF89a')) return 'image/gif';
  if (head.startsWith('RIFF') && head.slice(8, 12) === 'WEBP') return 'image/webp';
  return undefined;
}

interface Builder {
  content: ToolResultContentBlock[];
  notes: string[];
  textLeft: number;
  textTotal: number;
  images: number;
  imagesDropped: number;
}

function addText(builder: Builder, text: string): void {
  builder.textTotal += text.length;
  if (builder.textLeft <= 0) return;
  const kept = text.length <= builder.textLeft ? text : text.slice(0, builder.textLeft);
  builder.textLeft -= kept.length;
  builder.content.push({ type: 'text', text: kept });
}

function addNote(builder: Builder, note: string): void {
  builder.notes.push(note);
  builder.content.push({ type: 'text', text: `[${note}]` });
}

function addImage(
  builder: Builder,
  data: unknown,
  mimeType: unknown,
  limits: Required<ResultLimits>,
  what: string,
): void {
  const declared = typeof mimeType === 'string' ? mimeType : 'unknown type';
  if (typeof data !== 'string' || data.length % 4 !== 0 || !BASE64.test(data)) {
    addNote(builder, `Baton left out ${what} (${declared}): its data is not valid base64.`);
    return;
  }
  const bytes = Math.floor((data.length * 3) / 4);
  const actual = sniffImage(data);
  if (!actual) {
    addNote(
      builder,
      `Baton left out ${what} (${declared}, ${size(bytes)}): it is not a PNG, JPEG, GIF or WebP image.`,
    );
  } else if (bytes > limits.maxImageBytes) {
    addNote(
      builder,
      `Baton left out ${what} (${actual}, ${size(bytes)}): it is larger than ${size(limits.maxImageBytes)}.`,
    );
  } else if (builder.images >= limits.maxImages) {
    builder.imagesDropped += 1;
  } else {
    builder.images += 1;
    builder.content.push({ type: 'image', source: { type: 'base64', media_type: actual, data } });
  }
}

function addResource(builder: Builder, resource: unknown, limits: Required<ResultLimits>): void {
  if (!isObject(resource)) {
    addNote(builder, 'Baton left out an embedded resource that has no content.');
    return;
  }
  const uri = typeof resource.uri === 'string' ? resource.uri : '(no URI)';
  const mime = typeof resource.mimeType === 'string' ? ` (${resource.mimeType})` : '';
  if (typeof resource.text === 'string') {
    addText(builder, `Resource ${uri}${mime}:\n${resource.text}`);
  } else if (typeof resource.blob === 'string' && String(resource.mimeType).startsWith('image/')) {
    addImage(builder, resource.blob, resource.mimeType, limits, `the image resource ${uri}`);
  } else {
    const bytes =
      typeof resource.blob === 'string' ? `, ${size(Math.floor((resource.blob.length * 3) / 4))}` : '';
    addNote(
      builder,
      `Baton left out the binary resource ${uri}${mime}${bytes}: the model reads only text and images.`,
    );
  }
}

function addBlock(builder: Builder, block: unknown, limits: Required<ResultLimits>): void {
  if (!isObject(block)) {
    addNote(builder, 'Baton left out a part of the result that is not a content block.');
    return;
  }
  switch (block.type) {
    case 'text':
      addText(builder, typeof block.text === 'string' ? block.text : '');
      return;
    case 'image':
      addImage(builder, block.data, block.mimeType, limits, 'an image');
      return;
    case 'resource':
      addResource(builder, block.resource, limits);
      return;
    case 'resource_link': {
      const name = typeof block.name === 'string' ? block.name : 'resource';
      const description = typeof block.description === 'string' ? ` ${block.description}` : '';
      addText(builder, `Resource link: ${name} <${String(block.uri)}>${description}`);
      return;
    }
    case 'audio':
      addNote(
        builder,
        `Baton left out an audio clip (${String(block.mimeType)}): the model does not take audio.`,
      );
      return;
    default:
      addNote(builder, `Baton left out a part of type "${String(block.type)}", which it does not know.`);
  }
}

export function mapCallToolResult(result: CallToolOutcome, limits: ResultLimits = {}): MappedToolResult {
  const full: Required<ResultLimits> = {
    maxTextChars: limits.maxTextChars ?? DEFAULT_RESULT_TEXT_CAP,
    maxImageBytes: limits.maxImageBytes ?? DEFAULT_MAX_IMAGE_BYTES,
    maxImages: limits.maxImages ?? DEFAULT_MAX_IMAGES,
  };
  const builder: Builder = {
    content: [],
    notes: [],
    textLeft: full.maxTextChars,
    textTotal: 0,
    images: 0,
    imagesDropped: 0,
  };
  const blocks = Array.isArray(result.content) ? result.content : [];
  for (const block of blocks) addBlock(builder, block, full);
  // Structured output alone (no content blocks) still reaches the model, as JSON.
  if (blocks.length === 0 && result.structuredContent !== undefined) {
    addText(builder, JSON.stringify(result.structuredContent, null, 2));
  }
  if (builder.textTotal > full.maxTextChars) {
    addNote(
      builder,
      `Baton cut this result: the tool returned ${count(builder.textTotal)} characters of text, and only the first ${count(full.maxTextChars)} are kept.`,
    );
  }
  if (builder.imagesDropped > 0) {
    addNote(
      builder,
      `Baton left out ${builder.imagesDropped} more images: a result keeps at most ${full.maxImages}.`,
    );
  }
  if (builder.content.length === 0)
    builder.content.push({ type: 'text', text: '(The tool returned no content.)' });
  return { content: builder.content, isError: result.isError === true, notes: builder.notes };
}
