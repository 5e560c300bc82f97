/**
 * The app's tool renderers, by tool name. A new look for a tool is a file in this folder
 * exporting a ToolRenderer, and one line here. A renderer that is heavy or seldom seen
 * loads on first use (`lazyCall`), so the first load stays small.
 */
import { Fragment } from 'react';
import { lazyPart } from '../../lazyPart';
import { lazyCall } from './lazyCall';
import { HANDOFF_TOOL_NAME, RECALL_TOOL_NAME, TODO_WRITE_TOOL_NAME, WEB_SEARCH_TOOL_NAME } from './toolNames';
import { rendererLookup, type ToolRenderer } from './toolRenderer';

// Web searches show in few replies: their lines load with the first (bench P5).
const loadWebSearch = () => import('./WebSearchLines').then((m) => m.WEB_SEARCH_LINES);
const WEB_SEARCH_LINES: ToolRenderer = {
  Call: lazyCall(() => loadWebSearch().then((lines) => lines.Call)),
  List: lazyPart(() => loadWebSearch().then((lines) => lines.List ?? Fragment)),
};

/** The cards (toolCards.tsx), loaded with the first one drawn. */
export const TOOL_CARD: ToolRenderer = {
  Call: lazyCall(() => import('./toolCards').then((m) => m.ToolCard)),
};

/** todo_write's and handoff's quiet line: loaded with the first one drawn. */
const BUILT_IN_LINE: ToolRenderer = {
  Call: lazyCall(() => import('./BuiltInToolLine').then((m) => m.BuiltInToolLine)),
};

export const toolRendererFor: (name: string) => ToolRenderer = rendererLookup({
  byName: new Map<string, ToolRenderer>([
    [RECALL_TOOL_NAME, { Call: lazyCall(() => import('./RecallCall').then((m) => m.RecallCall)) }],
    [TODO_WRITE_TOOL_NAME, BUILT_IN_LINE],
    [HANDOFF_TOOL_NAME, BUILT_IN_LINE],
    [WEB_SEARCH_TOOL_NAME, WEB_SEARCH_LINES],
  ]),
  // Every other tool is drawn as a card. The cards' own table (toolCards.tsx: web fetch and
  // code execution by name, the MCP card for `mcp__…` calls, the default card for the rest)
  // loads with the first card, so the first load does not grow with each kind of card.
  fallback: TOOL_CARD,
});
