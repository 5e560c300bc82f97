/** The mcp slice's own changes: what the McpHub tells the store. */
import { set } from '../../store/storeAccess';
import type { McpServerView, ToolPermissionRequest, ToolProgressView } from './initialState';

/** Adds the server's view, or replaces the one with its id (in place, so the list keeps its order). */
export function putServerView(view: McpServerView): void {
  set((s) => {
    const at = s.mcpServers.findIndex((server) => server.id === view.id);
    if (at === -1) return { mcpServers: [...s.mcpServers, view] };
    const mcpServers = [...s.mcpServers];
    mcpServers[at] = view;
    return { mcpServers };
  });
}

export function removeServerView(id: string): void {
  set((s) => ({ mcpServers: s.mcpServers.filter((server) => server.id !== id) }));
}

export function setToolPermissions(toolPermissions: ToolPermissionRequest[]): void {
  set({ toolPermissions });
}

export function setToolProgress(view: ToolProgressView): void {
  set((s) => ({ toolProgress: { ...s.toolProgress, [view.callId]: view } }));
}

export function clearToolProgress(callId: string): void {
  set((s) => {
    if (!(callId in s.toolProgress)) return {};
    const { [callId]: _done, ...rest } = s.toolProgress;
    return { toolProgress: rest };
  });
}
