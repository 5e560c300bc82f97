/**
 * How the model's names of MCP tools begin (`mcp__<server>__<tool>`). Spelled here, not
 * imported from core/tools/mcpNames: that module lives in the MCP hub's chunk, and sharing
 * it with the tool cards would split it into a chunk of its own that the first load must
 * list. toolNames.test.ts holds it to the mapping's own prefix.
 */
export const MCP_CALL_PREFIX = 'mcp__';
