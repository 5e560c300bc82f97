/**
 * The app's tool renderers, by tool name. A new look for a tool is a file in this folder
 * exporting a ToolRenderer, and one line here. A renderer that is heavy or seldom seen
 * loads on first use (`lazyCall`), so the first load stays small.
 */
import { Fragment } from 'react';
import { WEB_SEARCH_TOOL_NAME } from '../../../core/session/webSearch';
import { lazyPart } from '../../lazyPart';
import { lazyCall } from './lazyCall';
import { HANDOFF_TOOL_NAME, RECALL_TOOL_NAME, TODO_WRITE_TOOL_NAME } from './toolNames';
import { rendererLookup, type ToolRenderer } from './toolRenderer';
import { USED_TOOL_LINE } from './UsedToolLine';

// Web searches show in few replies: their lines load with the first (bench P5).
const loadWebSearch = () => import('./WebSearchLines').then((m) => m.WEB_SEARCH_LINES);
const WEB_SEARCH_LINES: ToolRenderer = {
  Call: lazyCall(() => loadWebSearch().then((lines) => lines.Call)),
  List: lazyPart(() => loadWebSearch().then((lines) => lines.List ?? Fragment)),
};

export const toolRendererFor: (name: string) => ToolRenderer = rendererLookup({
  byName: new Map<string, ToolRenderer>([
    [RECALL_TOOL_NAME, { Call: lazyCall(() => import('./RecallCall').then((m) => m.RecallCall)) }],
    [TODO_WRITE_TOOL_NAME, USED_TOOL_LINE],
    [HANDOFF_TOOL_NAME, USED_TOOL_LINE],
    [WEB_SEARCH_TOOL_NAME, WEB_SEARCH_LINES],
  ]),
  // No tool of today's app needs it: it loads with the first call of a tool drawn no other way.
  fallback: { Call: lazyCall(() => import('./DefaultToolCard').then((m) => m.DefaultToolCard)) },
});
