/**
 * Which enabled MCP tool the user's message names, so the offline demo can call it and
 * the permission step can be tried without a key. The request offers MCP tools under
 * `mcp__<server>__<tool>` (core/tools/mcpNames.ts); the user knows a tool by its own
 * name, as Settings lists it, so both names count. A name counts only as a whole word,
 * in any case: "echo" names the tool echo, "echoes" and "my_echo" do not.
 */
import { readAttributeText } from '../../core/untrusted/untrustedBlock';
import type { DemoTool } from './readRequest';

/**
 * mcpNames.ts's MCP_TOOL_PREFIX, written out: importing that module would put it in a
 * chunk of its own, shared with the MCP code, and the first load's list of chunks would
 * grow by its name (the initial JS has no byte to spare). A test holds the two equal.
 */
export const DEMO_MCP_PREFIX = 'mcp__';

export interface DemoMcpTool extends DemoTool {
  /** The server's name as the user gave it. */
  server: string;
  /** The tool's own name, as its server calls it. */
  tool: string;
}

export interface NamedMcpTool {
  tool: DemoMcpTool;
  /** The user's text after the name: where the call's arguments are looked for first. */
  rest: string;
}

/**
 * Baton describes an MCP tool with the server's text inside this wrapper, whose opening
 * tag carries the server's and the tool's names exactly (state/mcp/mcpTools.ts). The
 * server's own text is escaped inside it, so the first such tag is Baton's.
 */
const DESCRIPTION_TAG = /<mcp-tool-description((?:\s+[a-z-]+="[^"]*")*)>/;
const ATTRIBUTE = /([a-z-]+)="([^"]*)"/g;

/** The request's MCP tools, with the names the user knows them by. */
export function demoMcpTools(tools: readonly DemoTool[]): DemoMcpTool[] {
  return tools.filter((tool) => tool.name.startsWith(DEMO_MCP_PREFIX)).map(withOwnNames);
}

function withOwnNames(tool: DemoTool): DemoMcpTool {
  const attributes = new Map<string, string>();
  const tag = DESCRIPTION_TAG.exec(tool.description);
  for (const [, key, value] of (tag?.[1] ?? '').matchAll(ATTRIBUTE)) {
    if (key !== undefined && value !== undefined) attributes.set(key, readAttributeText(value));
  }
  // Without the description's tag, the API name is all there is: split at its first `__`.
  const rest = tool.name.slice(DEMO_MCP_PREFIX.length);
  const split = rest.indexOf('__');
  const server = attributes.get('server') ?? (split > 0 ? rest.slice(0, split) : rest);
  const own = attributes.get('tool') ?? (split > 0 ? rest.slice(split + 2) : rest);
  return { ...tool, server, tool: own };
}

/**
 * The tool the text names first (a longer name wins at the same place, so `mcp__test__echo`
 * is the whole name and not the server's), or undefined when it names none.
 */
export function findNamedMcpTool(tools: readonly DemoMcpTool[], text: string): NamedMcpTool | undefined {
  let best: { tool: DemoMcpTool; start: number; end: number } | undefined;
  for (const tool of tools) {
    for (const name of new Set([tool.tool, tool.name])) {
      const found = findWord(text, name);
      if (found === undefined) continue;
      const better =
        best === undefined ||
        found.start < best.start ||
        (found.start === best.start && found.end > best.end);
      if (better) best = { tool, ...found };
    }
  }
  return best && { tool: best.tool, rest: text.slice(best.end) };
}

/** Letters, digits and `_` continue a word; anything else (space, `-`, `.`, quotes) ends it. */
const WORD_CHAR = '[\\p{L}\\p{N}_]';

function findWord(text: string, word: string): { start: number; end: number } | undefined {
  if (word.trim() === '') return undefined;
  // Only the syntax characters: in a `u` pattern, escaping any other (such as `-`) is an error.
  const escaped = word.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  const match = new RegExp(`(?<!${WORD_CHAR})${escaped}(?!${WORD_CHAR})`, 'iu').exec(text);
  return match ? { start: match.index, end: match.index + match[0].length } : undefined;
}
