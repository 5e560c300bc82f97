/**
 * The servers set to "Let the API connect" (the MCP connector), registered in every live
 * session's tool registry: each request then names them, with their token, and the API
 * calls their tools itself. The browser never connects to them.
 */
import type { McpConnectorServer } from '../../core/agent/types';
import type { AgentSession } from '../../core/agentSession';
import type { McpServerRecord } from '../../mcp/serverRecords';

/** A connector record as a request names it: a bearer token goes to the API (the user was told). */
export function connectorServerOf(record: McpServerRecord): McpConnectorServer {
  const token = record.authorization === 'bearer' ? record.token : undefined;
  return { name: record.name, url: record.url, ...(token && { authorizationToken: token }) };
}

export class ConnectorRegistrations {
  /** Per session, the functions that take its connector servers out again. */
  private readonly held = new WeakMap<AgentSession, Array<() => void>>();

  /** Registers the connector servers among `records` in each of `sessions`, replacing what was there. */
  sync(sessions: readonly AgentSession[], records: Iterable<McpServerRecord>): void {
    const servers = [...records].filter((record) => record.connector === true).map(connectorServerOf);
    for (const session of sessions) {
      for (const remove of this.held.get(session) ?? []) remove();
      this.held.set(
        session,
        servers.map((server) => session.tools.registerConnector(server)),
      );
    }
  }
}
