/**
 * A tools/list answer with broken entries beside a good one, for the client's schema
 * checks: the SDK's McpServer only lists tools it built from zod schemas, so this
 * replaces its tools/list handler (calls still go to the registered tools).
 */
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';

/** Every entry but `echo` is broken; the names say how (the last two have no usable name). */
export const INVALID_TOOL_LIST: readonly unknown[] = [
  {
    name: 'echo',
    description: 'Answers with the text it is given.',
    inputSchema: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] },
  },
  {
    name: 'schema_not_object',
    description: 'Its schema is a string schema.',
    inputSchema: { type: 'string' },
  },
  { name: 'properties_not_object', inputSchema: { type: 'object', properties: 'text' } },
  { name: 'required_not_list', inputSchema: { type: 'object', required: 'text' } },
  { name: 'unknown_type', inputSchema: { type: 'object', properties: { text: { type: 'strnig' } } } },
  { name: 'no_schema', description: 'Has no input schema at all.' },
  { name: '', inputSchema: { type: 'object' } },
  { description: 'Has no name.', inputSchema: { type: 'object' } },
];

export function offerInvalidToolList(server: McpServer): void {
  server.server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: [...INVALID_TOOL_LIST] }) as never);
}
