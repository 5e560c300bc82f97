/**
 * A stored server as the adapter takes it (its config) and as Settings → Tools shows it
 * (its view): both derived from the record alone plus what the live connection listed,
 * so the hub only decides when to derive them.
 */
import { permissionKey } from '../../core/tools/permission/permissionMachine';
import type { McpServerConfig, ToolListing } from '../../mcp';
import { isToolEnabled, type McpServerRecord } from '../../mcp/serverRecords';
import type { McpServerStatus, McpServerView } from '../slices/mcp/initialState';

export function serverConfig(record: McpServerRecord): McpServerConfig {
  return {
    id: record.id,
    name: record.name,
    url: record.url,
    auth:
      record.authorization === 'bearer'
        ? { kind: 'bearer', token: record.token ?? '' }
        : { kind: record.authorization },
    callTimeoutMs: record.timeoutMs,
  };
}

/**
 * The row's view: never the token itself, only whether one is stored (the Edit form says
 * so and keeps it when Token is left blank). `apiNames` holds the offered tools' names for
 * the model by permissionKey; `refused` the sentences for tools the name mapping left out.
 */
export function serverView(
  record: McpServerRecord,
  status: McpServerStatus,
  listed: ToolListing | undefined,
  apiNames: ReadonlyMap<string, string>,
  refused: readonly string[],
): McpServerView {
  return {
    id: record.id,
    name: record.name,
    url: record.url,
    authorization: record.authorization,
    hasToken: record.authorization === 'bearer' && (record.token ?? '') !== '',
    timeoutMs: record.timeoutMs,
    connector: record.connector === true,
    status,
    tools: (listed?.tools ?? []).map((info) => {
      const apiName = apiNames.get(permissionKey(record.id, info.name));
      return {
        name: info.name,
        ...(apiName !== undefined && { apiName }),
        description: info.description,
        enabled: isToolEnabled(record, info.name),
        alwaysAllowed: record.alwaysAllowed.includes(info.name),
      };
    }),
    leftOut: [
      ...(listed?.leftOut ?? []).map((tool) => `${tool.name}: ${tool.reason}`),
      ...(listed?.capped ? [listed.capped] : []),
      ...refused,
    ],
  };
}
