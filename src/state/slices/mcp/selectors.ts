/** Derived values of the mcp slice. */
import type { BatonState } from '../../store/store';
import type { McpServerView } from './initialState';

export const selectMcpServers = (s: BatonState): McpServerView[] => s.mcpServers;

export const selectToolPermissions = (s: BatonState) => s.toolPermissions;

/** The server `id`'s view, if it is set up. */
export const selectMcpServer =
  (id: string) =>
  (s: BatonState): McpServerView | undefined =>
    s.mcpServers.find((server) => server.id === id);

/** The line under a server's name: "Connected · 8 tools", the error sentence, what it waits for, or that the API connects. */
export function serverSummary(view: Pick<McpServerView, 'status'>): string {
  const { status } = view;
  switch (status.kind) {
    case 'connecting':
      return 'Connecting…';
    case 'connected':
      return `Connected · ${status.toolCount} tool${status.toolCount === 1 ? '' : 's'}`;
    case 'error':
    case 'sign_in':
      return status.message;
    case 'api':
      return API_CONNECTS;
  }
}

/** A connector server's line: who connects, and what that means for the user. */
export const API_CONNECTS =
  'The API connects to this server with each request and runs its tools without asking you.';

/** The tools offered to the model now, by their API names, across every connected server. */
export function selectOfferedToolNames(s: BatonState): string[] {
  return s.mcpServers.flatMap((server) =>
    server.status.kind === 'connected'
      ? server.tools.flatMap((tool) => (tool.enabled && tool.apiName ? [tool.apiName] : []))
      : [],
  );
}
