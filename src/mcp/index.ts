/**
 * The MCP adapter, the one module the app imports, and only dynamically
 * (`await import('../mcp')`) when a server is first used: the SDK stays out of the
 * initial JavaScript. Nothing else under src/mcp may be imported by the app's entry.
 */
export { type ConnectOptions, connectMcpServer, DEFAULT_CALL_TIMEOUT_MS } from './connect';
export {
  DEFAULT_RESULT_TEXT_CAP,
  type MappedToolResult,
  mapCallToolResult,
  type ResultLimits,
  type ToolResultContentBlock,
} from './mapToolResult';
export { type FailureContext, McpAdapterError, type McpFailureKind } from './mcpErrors';
export { createIdbSecretStore, MCP_SECRETS_STORE, SECRETS_DATABASE } from './oauth/idbSecretStore';
export { BatonOAuthProvider, type OAuthHooks, serverIdOfState } from './oauth/oauthProvider';
export { createMemorySecretStore, type McpSecretRecord, type McpSecretStore } from './oauth/secretStore';
export { finishSignIn, readCallback } from './oauth/signIn';
export { runMcpTool, type ToolRunOutcome } from './runTool';
export { checkServerUrl, type ServerUrlCheck } from './serverUrl';
export { DEFAULT_MAX_TOOLS, toToolListing } from './toolListing';
export type * from './types';
