/**
 * The API's memory tool, run on the global memory directory (/memories, shared by every
 * session, kept across reloads). Declared by type and name only; no beta header is
 * needed (its docs, quoted at the top of memoryTexts.ts with its result and error texts).
 * Offered only while the user's Memory setting is on.
 */
import type { Tool } from '../tools/tool';
import { type FileToolOptions, runOnTree } from './fileToolOptions';

export const MEMORY_TOOL_NAME = 'memory';
export const MEMORY_TOOL_TYPE = 'memory_20250818';

export interface MemoryToolOptions extends FileToolOptions {
  /** The Memory setting: the tool is declared and run only while this holds (default: always). */
  enabled?: () => boolean;
}

export function createMemoryTool(options: MemoryToolOptions): Tool {
  return {
    definition: {
      type: MEMORY_TOOL_TYPE,
      name: MEMORY_TOOL_NAME,
      description: 'Reads and writes the memory files in /memories, shared by all sessions.',
    },
    execute: (input, _signal, call) => runOnTree(options, 'memory', MEMORY_TOOL_NAME, input, call),
    isAvailable: () => options.enabled?.() ?? true,
  };
}
