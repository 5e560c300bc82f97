/**
 * The recall tool's name on its own, so the chat can tell a recall call apart without
 * loading the tool or its result format (they load with the first call shown).
 */
export const RECALL_TOOL_NAME = 'recall';
