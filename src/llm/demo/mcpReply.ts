/**
 * The offline demo's side of an MCP tool call (issue 25): when the user's message names
 * an enabled MCP tool, the demo calls it as a model would, with a short sentence and a
 * tool_use block; Baton's permission step then asks the user as for any model. When the
 * tool_result comes back, the demo says what the tool answered, or that it failed or
 * was declined, quoting the result's text.
 */
import type { ScriptedBlock } from '../sse/messageStreamEvents';
import { DEMO_MCP_PREFIX, type DemoMcpTool, demoMcpTools, findNamedMcpTool } from './mcpToolMatch';
import type { DemoRequest, DemoTurn } from './readRequest';
import { quote, stableHash } from './text';
import { buildToolInput } from './toolInput';

const QUOTE_CHARS = 200;

/** The call of the MCP tool `text` names: a sentence and the tool_use, or a sentence why not. Undefined when it names none. */
export function mcpCallBlocks(request: DemoRequest, text: string): ScriptedBlock[] | undefined {
  if (request.toolChoice === 'none') return undefined;
  // A reminder Baton adds to the turn is not the user's words, though it may name a tool.
  const own = text.replace(/<system-reminder>[\s\S]*?(?:<\/system-reminder>|$)/g, '').trim();
  const named = findNamedMcpTool(demoMcpTools(request.tools), own);
  if (named === undefined) return undefined;
  const { tool, rest } = named;
  const built = buildToolInput(tool.inputSchema, own, rest);
  if (!built.ok) return [{ type: 'text', text: cannotCall(tool, built.missing) }];
  return [
    {
      type: 'text',
      text: `I will call the tool ${quote(tool.tool, 64)} of the MCP server ${quote(tool.server, 64)}. Baton asks for your permission first, unless you chose Always allow for it.`,
    },
    {
      type: 'tool_use',
      id: `toolu_demo_${stableHash(`${request.turns.length}:${tool.name}:${own}`)}`,
      name: tool.name,
      input: built.input,
    },
  ];
}

function cannotCall(tool: DemoMcpTool, missing: readonly string[]): string {
  const names = missing.map((name) => quote(name, 40)).join(', ');
  return `The tool ${quote(tool.tool, 64)} of the MCP server ${quote(tool.server, 64)} needs ${missing.length === 1 ? 'a value' : 'values'} for ${names}, and I could not find ${missing.length === 1 ? 'it' : 'them'} in your message, so I did not call it. Name the tool again with the value after its name or in quotes.`;
}

/**
 * What the demo says about the results of its MCP calls in `last`, the turn that
 * answers `previous`; undefined when none of them answers an MCP call.
 */
export function mcpResultReply(
  request: DemoRequest,
  previous: DemoTurn | undefined,
  last: DemoTurn,
): string | undefined {
  const tools = demoMcpTools(request.tools);
  const sentences: string[] = [];
  for (const result of last.toolResults) {
    const call = previous?.toolUses.find((use) => use.id === result.toolUseId);
    if (call === undefined || !call.name.startsWith(DEMO_MCP_PREFIX)) continue;
    // A tool switched off since the call is no longer in the request: its API name stands in.
    const tool = tools.find((candidate) => candidate.name === call.name);
    const label = tool
      ? `The tool ${quote(tool.tool, 64)} of the MCP server ${quote(tool.server, 64)}`
      : `The tool ${quote(call.name, 64)}`;
    sentences.push(resultSentence(label, result));
  }
  if (sentences.length === 0) return undefined;
  return [
    ...sentences,
    'This is the offline demo: with an API key, a real model works with the result.',
  ].join('\n\n');
}

/** Baton wraps what a server answered in this tag (state/mcp/mcpTools.ts); its own sentences it does not. */
const RESULT_OPEN = /^<mcp-tool-result(?:\s[^>]*)?>\n?/;
const RESULT_CLOSE = /\n?<\/mcp-tool-result>$/;
/** Baton's answer for a call the user did not allow (core/tools/permission/permissionMachine.ts). */
const DECLINED = /^The user (?:declined|stopped the turn)/;

function resultSentence(label: string, result: DemoTurn['toolResults'][number]): string {
  const content = result.content.trim();
  const fromServer = RESULT_OPEN.test(content);
  const text = content.replace(RESULT_OPEN, '').replace(RESULT_CLOSE, '').trim();
  const quoted = text === '' ? 'no text' : quote(text, QUOTE_CHARS);
  if (!result.isError) return `${label} answered: ${quoted}`;
  if (fromServer) return `${label} reported a failure: ${quoted}`;
  if (DECLINED.test(text)) return `${label} did not run: the call was declined. Baton answered: ${quoted}`;
  return `${label} failed: ${quoted}`;
}
