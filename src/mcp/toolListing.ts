/**
 * A server's tools/list answer, checked tool by tool: a tool without a name, with a
 * broken input schema, listed twice, or one Baton cannot run is left out with a sentence,
 * and the rest are offered, up to a cap (every tool's schema is sent with every request,
 * so a server with hundreds would fill the model's window before the user says a word).
 */
import { inputSchemaProblem } from './toolSchema';
import type { LeftOutTool, McpToolInfo, ToolListing } from './types';

export const DEFAULT_MAX_TOOLS = 100;
const MAX_DESCRIPTION = 10_000;

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

type Checked = { ok: true; tool: McpToolInfo } | { ok: false; leftOut: LeftOutTool };

function checkTool(raw: unknown, index: number, seen: ReadonlySet<string>): Checked {
  const placeholder = `(entry ${index + 1})`;
  if (!isObject(raw)) {
    return {
      ok: false,
      leftOut: { name: placeholder, reason: `Entry ${index + 1} of the tool list is not a tool.` },
    };
  }
  const { name } = raw;
  if (typeof name !== 'string' || name.trim() === '') {
    return {
      ok: false,
      leftOut: { name: placeholder, reason: `Entry ${index + 1} of the tool list has no name.` },
    };
  }
  if (seen.has(name)) {
    return { ok: false, leftOut: { name, reason: `The server lists "${name}" twice; the first is used.` } };
  }
  const problem = inputSchemaProblem(raw.inputSchema);
  if (problem) return { ok: false, leftOut: { name, reason: `"${name}" is left out: ${problem}.` } };
  const execution = isObject(raw.execution) ? raw.execution : {};
  if (execution.taskSupport === 'required') {
    return {
      ok: false,
      leftOut: {
        name,
        reason: `"${name}" is left out: it runs only as a background task, which Baton does not support.`,
      },
    };
  }
  const description = typeof raw.description === 'string' ? raw.description : '';
  const annotations = isObject(raw.annotations) ? raw.annotations : undefined;
  const title =
    typeof raw.title === 'string'
      ? raw.title
      : typeof annotations?.title === 'string'
        ? annotations.title
        : undefined;
  return {
    ok: true,
    tool: {
      name,
      description:
        description.length > MAX_DESCRIPTION ? `${description.slice(0, MAX_DESCRIPTION - 1)}…` : description,
      inputSchema: raw.inputSchema as McpToolInfo['inputSchema'],
      ...(title !== undefined ? { title } : {}),
      ...(annotations ? { annotations } : {}),
    },
  };
}

/** Checks every entry of a tool list and applies the cap. */
export function toToolListing(raw: readonly unknown[], maxTools = DEFAULT_MAX_TOOLS): ToolListing {
  const tools: McpToolInfo[] = [];
  const leftOut: LeftOutTool[] = [];
  const seen = new Set<string>();
  for (const [index, entry] of raw.entries()) {
    const checked = checkTool(entry, index, seen);
    if (checked.ok) {
      seen.add(checked.tool.name);
      tools.push(checked.tool);
    } else {
      leftOut.push(checked.leftOut);
    }
  }
  if (tools.length <= maxTools) return { tools, leftOut };
  return {
    tools: tools.slice(0, maxTools),
    leftOut,
    capped: `The server offers ${tools.length} tools; Baton takes the first ${maxTools} and leaves out the other ${tools.length - maxTools}, since every tool offered takes room in each request.`,
  };
}
