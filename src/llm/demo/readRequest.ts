/**
 * Reads a Messages API request body (as JSON arrives: anything) into the little the
 * demo model needs. Tolerant by design: a malformed part is skipped, never thrown on.
 */

import { RECOMMENDED_IMAGE_PIXELS } from '../../core/attachments/attachmentLimits';
import { readTextFileBlock } from '../../core/attachments/attachmentText';
import {
  imageTokens,
  PDF_TOKENS_PER_PAGE,
  PIXELS_PER_IMAGE_TOKEN,
} from '../../core/attachments/attachmentTokens';
import { readImageInfo } from '../../core/attachments/imageSize';
import { countPdfPages } from '../../core/attachments/pdfPages';
import { estimateTokens } from './text';

export interface DemoTurn {
  role: 'user' | 'assistant';
  /** The turn's text blocks, joined by newlines. */
  text: string;
  toolUses: Array<{ id: string; name: string; input: unknown }>;
  toolResults: Array<{ toolUseId: string; content: string; isError: boolean }>;
  /** Files the turn carried: images, PDFs, and text files (text blocks under a name). */
  files: DemoFile[];
}

/** What the demo can tell of an attached file without understanding it. */
export type DemoFile =
  | { kind: 'image'; mediaType: string; bytes: number; width?: number; height?: number }
  | { kind: 'pdf'; name?: string; bytes: number; pages?: number }
  | { kind: 'text'; name: string; chars: number };

/** A tool the request offers, as far as the demo can use it. */
export interface DemoTool {
  name: string;
  /** '' when the tool has none. */
  description: string;
  /** The tool's input_schema as sent: untyped JSON, read with care (toolInput.ts). */
  inputSchema: unknown;
}

export interface DemoRequest {
  model: string;
  turns: DemoTurn[];
  /** The tools with a name, in the request's order. */
  tools: DemoTool[];
  /** tool_choice.type, or undefined when none was sent. */
  toolChoice: string | undefined;
  /**
   * Characters of system prompt, messages and tools: the basis of the token estimate.
   * The base64 of images and PDFs is left out; they count by mediaTokens instead.
   */
  inputChars: number;
  /** Tokens of the images and PDFs, by their pixels and pages as the API counts them. */
  mediaTokens: number;
  /** max_tokens, when it is a positive number. */
  maxTokens: number | undefined;
}

export function readRequest(body: unknown): DemoRequest {
  const root = asRecord(body);
  const tools = Array.isArray(root.tools) ? root.tools.map(asRecord) : [];
  const turns = Array.isArray(root.messages) ? root.messages.map(readTurn) : [];
  return {
    model: typeof root.model === 'string' ? root.model : 'baton-demo',
    turns: turns.filter((turn): turn is DemoTurn => turn !== undefined),
    tools: tools.flatMap((tool) =>
      typeof tool.name === 'string'
        ? [
            {
              name: tool.name,
              description: readString(tool.description) ?? '',
              inputSchema: tool.input_schema,
            },
          ]
        : [],
    ),
    toolChoice: readString(asRecord(root.tool_choice).type),
    inputChars:
      JSON.stringify(root.system ?? '').length +
      JSON.stringify(root.messages ?? [], withoutBase64).length +
      JSON.stringify(root.tools ?? []).length,
    mediaTokens: turns.reduce((sum, turn) => sum + (turn ? filesTokens(turn.files) : 0), 0),
    maxTokens:
      typeof root.max_tokens === 'number' && root.max_tokens > 0 ? Math.floor(root.max_tokens) : undefined,
  };
}

/** The demo's token count for a request: its text at about four characters a token, plus its media. */
export function requestTokens(request: Pick<DemoRequest, 'inputChars' | 'mediaTokens'>): number {
  return estimateTokens(request.inputChars) + request.mediaTokens;
}

/**
 * A JSON.stringify replacer that empties the `data` of base64 sources: the API does not
 * count an image's base64 as text (a 250 KB screenshot is ~1,600 tokens, not ~85,000).
 */
function withoutBase64(this: unknown, key: string, value: unknown): unknown {
  return key === 'data' && typeof value === 'string' && asRecord(this).type === 'base64' ? '' : value;
}

/**
 * Images by their pixels as the API scales and bills them (width × height / 750), PDFs by
 * their pages, the rules of the app's own meter (attachmentTokens.ts); text files are text.
 */
function filesTokens(files: readonly DemoFile[]): number {
  let tokens = 0;
  for (const file of files) {
    if (file.kind === 'image') {
      // An image whose size cannot be read: the most an image can cost.
      tokens +=
        file.width && file.height
          ? imageTokens(file.width, file.height)
          : Math.ceil(RECOMMENDED_IMAGE_PIXELS / PIXELS_PER_IMAGE_TOKEN);
    } else if (file.kind === 'pdf') {
      tokens += Math.max(1, file.pages ?? 1) * PDF_TOKENS_PER_PAGE;
    }
  }
  return tokens;
}

function readTurn(raw: unknown): DemoTurn | undefined {
  const message = asRecord(raw);
  if (message.role !== 'user' && message.role !== 'assistant') return undefined;
  const turn: DemoTurn = { role: message.role, text: '', toolUses: [], toolResults: [], files: [] };
  // The API also accepts a bare string as a turn's content.
  const blocks =
    typeof message.content === 'string' ? [{ type: 'text', text: message.content }] : message.content;
  if (!Array.isArray(blocks)) return turn;
  const texts: string[] = [];
  for (const item of blocks) {
    const block = asRecord(item);
    if (block.type === 'text' && typeof block.text === 'string') {
      const file = readTextFileBlock(block.text);
      if (file) turn.files.push({ kind: 'text', name: file.name, chars: file.text.length });
      else texts.push(block.text);
    }
    if (block.type === 'image' || block.type === 'document') {
      const file = readMediaFile(block);
      if (file) turn.files.push(file);
    }
    if (block.type === 'tool_use' && typeof block.name === 'string') {
      turn.toolUses.push({ id: readString(block.id) ?? '', name: block.name, input: block.input });
    }
    if (block.type === 'tool_result') {
      turn.toolResults.push({
        toolUseId: readString(block.tool_use_id) ?? '',
        content: readToolResultContent(block.content),
        isError: block.is_error === true,
      });
    }
  }
  turn.text = texts.join('\n');
  return turn;
}

/** An image or PDF block's file: its size from the base64, dimensions or pages from its bytes. */
function readMediaFile(block: Record<string, unknown>): DemoFile | undefined {
  const source = asRecord(block.source);
  if (source.type !== 'base64' || typeof source.data !== 'string') return undefined;
  let bytes: Uint8Array;
  try {
    bytes = Uint8Array.from(atob(source.data), (char) => char.charCodeAt(0));
  } catch {
    return undefined; // Not base64: the real API would refuse the request; the demo skips the file.
  }
  if (block.type === 'image') {
    const info = readImageInfo(bytes);
    return {
      kind: 'image',
      mediaType: readString(source.media_type) ?? 'image',
      bytes: bytes.length,
      ...(info && { width: info.width, height: info.height }),
    };
  }
  const name = readString(block.title);
  const pages = countPdfPages(bytes);
  return { kind: 'pdf', bytes: bytes.length, ...(name && { name }), ...(pages !== undefined && { pages }) };
}

function readToolResultContent(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content
    .map((item) => readString(asRecord(item).text))
    .filter((text): text is string => text !== undefined)
    .join('\n');
}

function asRecord(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>) // a plain object, checked just above
    : {};
}

function readString(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}
