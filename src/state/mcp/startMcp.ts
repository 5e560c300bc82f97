/**
 * Where the McpHub comes from: at start-up the server records are read (idb only) and
 * the hub, with the MCP adapter behind it, is loaded only if there is a server; adding
 * the first server loads it then. The hub and its loading are held in the runtime
 * (runtime.mcp), never in a module variable.
 */
import type { AgentSession } from '../../core/agentSession';
import { secretsDatabaseFor } from '../../mcp/secretsDatabase';
import { createServerRecords } from '../../mcp/serverRecords';
import {
  clearToolProgress,
  putServerView,
  removeServerView,
  setToolPermissions,
  setToolProgress,
} from '../slices/mcp/actions';
import type { McpHold } from './mcpHold';
import type { McpHub } from './mcpHub';
import { signInInPopup } from './oauthPopup';

export type { McpHold } from './mcpHold';

/** The hold for the app over `mainDatabase`; `sessions` are the agent sessions held live. */
export function mcpHold(mainDatabase: string, sessions: () => readonly AgentSession[]): McpHold {
  const secretsDatabase = secretsDatabaseFor(mainDatabase);
  const hold: McpHold = {
    hub: null,
    loading: null,
    connected: null,
    records: createServerRecords(secretsDatabase),
    secretsDatabase,
    load: () => loadMcpHub(hold, sessions),
  };
  return hold;
}

/** The hub, loaded on the first ask. */
function loadMcpHub(hold: McpHold, sessions: () => readonly AgentSession[]): Promise<McpHub> {
  hold.loading ??= (async () => {
    const [{ McpHub }, records] = await Promise.all([import('./mcpHub'), hold.records.list()]);
    const { hub, connected } = McpHub.start(
      {
        records: hold.records,
        adapter: () => import('../../mcp'),
        sessions,
        view: {
          putServer: putServerView,
          removeServer: removeServerView,
          setPermissions: setToolPermissions,
          setProgress: setToolProgress,
          clearProgress: clearToolProgress,
        },
        secretsDatabase: hold.secretsDatabase,
        authorize: signInInPopup,
        redirectUrl: `${window.location.origin}${window.location.pathname}`,
      },
      records,
    );
    hold.hub = hub;
    hold.connected = connected;
    return hub;
  })();
  // A failed load may be tried again.
  hold.loading.catch(() => {
    hold.loading = null;
  });
  return hold.loading;
}

/** At start-up: the hub only if a server is set up. A failure to read is a sentence, not a broken start. */
export async function startMcpIfAny(hold: McpHold, onError: (message: string) => void): Promise<void> {
  try {
    if ((await hold.records.list()).length > 0) await hold.load();
  } catch (error) {
    onError(`The MCP servers could not be loaded: ${error instanceof Error ? error.message : String(error)}`);
  }
}
