/**
 * The MCP servers live: their records (serverRecords.ts, in the secrets database), one
 * connection each through the adapter (src/mcp, loaded on the first connect), their
 * enabled tools registered as client tools `mcp__<server>__<tool>` in every live
 * session, and one permission gate for the whole app (core/tools/permission): a call
 * waits, nothing sent to its server, until the user answers; Always allow is stored in
 * the server's record. Loaded only once a server exists or the user adds one (startMcp.ts);
 * it tells the store what to show through `view` (the mcp slice's actions).
 */
import type { AgentSession } from '../../core/agentSession';
import { isRecord } from '../../core/isRecord';
import { mapMcpToolNames } from '../../core/tools/mcpNames';
import { createPermissionGate, type PermissionGate } from '../../core/tools/permission/permissionGate';
import { permissionKey, waitingCalls } from '../../core/tools/permission/permissionMachine';
import type { Tool, ToolCall, ToolExecutionResult } from '../../core/tools/tool';
import type { McpConnection, McpFailureKind, McpToolInfo } from '../../mcp';
import type { McpServerRecord } from '../../mcp/serverRecords';
import { DEFAULT_TOOL_TIMEOUT_MS, isToolEnabled } from '../../mcp/serverRecords';
import type { McpServerStatus, ToolPermissionRequest, ToolProgressView } from '../slices/mcp/initialState';
import { ConnectorRegistrations } from './connectorServers';
import { failureStatus } from './failureStatus';
import {
  type Adapter,
  type McpHubDeps,
  type McpOutcome,
  missing,
  type PermissionAnswer,
} from './mcpHubTypes';
import { mcpResultContent, mcpToolDefinition } from './mcpTools';
import { type ListedServer, planServerEdit, renameClash } from './serverEdit';
import { checkServerInput, type McpServerInput, type McpServerPatch } from './serverInput';
import { serverConfig, serverView } from './serverView';

export type { McpOutcome, PermissionAnswer } from './mcpHubTypes';

interface ServerLive {
  connection?: McpConnection;
  status: McpServerStatus;
  /** Bumped by each connect: an answer to an older one is dropped. */
  generation: number;
}

/** A tool offered now: which server's, and which of its tools. */
interface Offered {
  serverId: string;
  info: McpToolInfo;
}

export class McpHub {
  private readonly records = new Map<string, McpServerRecord>();
  private readonly live = new Map<string, ServerLive>();
  private readonly gate: PermissionGate;
  /** Each registered MCP tool, to find whose it is (the permission hook sees the Tool). */
  private readonly offered = new WeakMap<Tool, Offered>();
  private apiNames = new Map<string, string>();
  private leftOut = new Map<string, string[]>();
  private tools: Tool[] = [];
  private readonly attached = new WeakMap<AgentSession, { removes: Array<() => void> }>();
  private readonly connectors = new ConnectorRegistrations();
  private adapterLoad: Promise<Adapter> | undefined;

  private constructor(
    private readonly deps: McpHubDeps,
    records: readonly McpServerRecord[],
  ) {
    for (const record of records) this.records.set(record.id, record);
    this.gate = createPermissionGate({
      alwaysAllowed: records.flatMap((r) => r.alwaysAllowed.map((tool) => permissionKey(r.id, tool))),
      onAlwaysAllowedChange: (keys) => void this.storeAlwaysAllowed(keys),
    });
    this.gate.subscribe((state) =>
      deps.view.setPermissions(waitingCalls(state).map((call) => this.request(call))),
    );
  }

  /** A hub over the stored records, each server connecting (without asking for a sign-in); `connected` settles once all have answered. */
  static start(
    deps: McpHubDeps,
    records: readonly McpServerRecord[],
  ): { hub: McpHub; connected: Promise<void> } {
    const hub = new McpHub(deps, records);
    for (const session of deps.sessions()) hub.attach(session);
    for (const record of records) hub.publish(record.id, { kind: 'connecting' });
    const connected = Promise.all(records.map((record) => hub.connect(record.id, false))).then(
      () => undefined,
    );
    return { hub, connected };
  }

  /** Registers the MCP tools and the permission step in `session` (once per session). */
  attach(session: AgentSession): void {
    if (this.attached.has(session)) return;
    session.tools.beforeCall((call, tool, signal) => {
      const offered = this.offered.get(tool);
      return offered ? this.ask(call, offered, signal) : undefined;
    });
    const held = { removes: this.tools.map((tool) => session.tools.register(tool)) };
    this.attached.set(session, held);
    this.connectors.sync([session], this.records.values());
  }

  async add(input: McpServerInput): Promise<McpOutcome> {
    const checked = checkServerInput(input, [...this.records.values()]);
    if (!checked.ok) return checked;
    const record: McpServerRecord = {
      id: crypto.randomUUID(),
      ...checked.fields,
      enabledTools: {},
      alwaysAllowed: [],
      timeoutMs: input.timeoutMs ?? DEFAULT_TOOL_TIMEOUT_MS,
      addedAt: (this.deps.now ?? Date.now)(),
    };
    await this.save(record);
    await this.connect(record.id, true);
    return { ok: true, id: record.id };
  }

  /**
   * Applies an edit and reconnects with it; refused with a sentence, nothing changed, when
   * the edit is bad or the new name's tools would collide. What survives: serverEdit.ts.
   */
  async update(id: string, patch: McpServerPatch): Promise<McpOutcome> {
    const record = this.records.get(id);
    if (!record) return missing(id);
    const others = [...this.records.values()].filter((other) => other.id !== id);
    const edit = planServerEdit(record, patch, others);
    if (!edit.ok) return edit;
    if (edit.record.name !== record.name) {
      const clash = renameClash(id, edit.record.name, this.listedServers(), this.builtInNames());
      if (clash) return { ok: false, message: clash };
    }
    await this.save(edit.record);
    if (edit.urlChanged) this.dropPermissions(id);
    if (edit.forgetOAuth) await this.forgetOAuth(id);
    await this.connect(id, true);
    return { ok: true, id };
  }

  async reconnect(id: string): Promise<McpOutcome> {
    if (!this.records.has(id)) return missing(id);
    await this.connect(id, true);
    return { ok: true, id };
  }

  async remove(id: string): Promise<McpOutcome> {
    const record = this.records.get(id);
    if (!record) return missing(id);
    const live = this.live.get(id);
    this.live.delete(id);
    this.records.delete(id);
    this.dropPermissions(id);
    await live?.connection?.close();
    await this.deps.records.delete(id);
    if (record.authorization === 'oauth') await this.forgetOAuth(id);
    this.deps.view.removeServer(id);
    this.syncTools();
    return { ok: true, id };
  }

  async setToolEnabled(id: string, tool: string, enabled: boolean): Promise<McpOutcome> {
    const record = this.records.get(id);
    if (!record) return missing(id);
    await this.save({ ...record, enabledTools: { ...record.enabledTools, [tool]: enabled } });
    this.syncTools();
    return { ok: true, id };
  }

  revokeAlwaysAllow(id: string, tool: string): McpOutcome {
    if (!this.records.has(id)) return missing(id);
    this.gate.dispatch({ type: 'revoke', server: id, tool });
    return { ok: true, id };
  }

  /** The user's answer on a permission card; a sentence when there is no such call waiting. */
  answer(callId: string, answer: PermissionAnswer): McpOutcome {
    const result = this.gate.dispatch({ type: answer, id: callId });
    if (!result.ok) return { ok: false, message: 'That tool call is no longer waiting for an answer.' };
    return { ok: true, id: callId };
  }

  /** The calls waiting for the user, as the gate holds them (for tests and the cards). */
  get waiting(): readonly string[] {
    return waitingCalls(this.gate.state).map((call) => call.id);
  }

  /** Closes every connection (the app is going away). */
  async close(): Promise<void> {
    const lives = [...this.live.values()];
    this.live.clear();
    await Promise.all(lives.map((live) => live.connection?.close()));
  }

  /** Denies the server's waiting calls and forgets its Always allow (its record's list is emptied by the caller or gone). */
  private dropPermissions(id: string): void {
    for (const call of waitingCalls(this.gate.state)) {
      if (call.server === id) this.gate.dispatch({ type: 'deny', id: call.id });
    }
    this.gate.dispatch({ type: 'revoke_server', server: id });
    this.gate.dispatch({ type: 'clear_settled' });
  }

  private async forgetOAuth(id: string): Promise<void> {
    const store = (await this.adapter()).createIdbSecretStore(this.deps.secretsDatabase);
    await store.delete(id).finally(() => store.close());
  }

  /** Every connected server with the tools it lists (on or off): what a new name is checked against. */
  private listedServers(): ListedServer[] {
    return [...this.records.values()].flatMap((record) => {
      const listed = this.live.get(record.id)?.connection?.tools.tools;
      return listed ? [{ id: record.id, name: record.name, tools: listed.map((info) => info.name) }] : [];
    });
  }

  /** The names the sessions' own tools take (todo_write, recall, …): no MCP tool may take one. */
  private builtInNames(): string[] {
    const session = this.deps.sessions()[0];
    if (!session) return [];
    return session.tools
      .available({ startedByHandoff: true })
      .filter((tool) => !this.offered.has(tool))
      .map((tool) => tool.definition.name);
  }

  private async save(record: McpServerRecord): Promise<void> {
    this.records.set(record.id, record);
    await this.deps.records.put(record);
    this.publish(record.id);
  }

  private adapter(): Promise<Adapter> {
    this.adapterLoad ??= this.deps.adapter();
    return this.adapterLoad;
  }

  /** Connects (again) to server `id`; its row follows, and the tools follow the outcome. */
  private async connect(id: string, interactive: boolean): Promise<void> {
    const record = this.records.get(id);
    if (!record) return;
    const previous = this.live.get(id);
    const generation = (previous?.generation ?? 0) + 1;
    // The API connects to a connector server with each request: there is nothing to open here.
    const live: ServerLive = { status: { kind: record.connector ? 'api' : 'connecting' }, generation };
    this.live.set(id, live);
    this.publish(id);
    if (previous?.connection) {
      this.syncTools();
      await previous.connection.close();
    }
    if (record.connector) {
      this.syncTools();
      return;
    }
    const current = () => this.live.get(id) === live;
    try {
      const adapter = await this.adapter();
      const connection = await adapter.connectMcpServer(serverConfig(record), {
        interactive,
        oauth: {
          store: adapter.createIdbSecretStore(this.deps.secretsDatabase),
          redirectUrl: this.deps.redirectUrl,
          authorize: this.deps.authorize,
        },
        onToolsChanged: () => {
          if (current()) this.syncTools();
        },
      });
      if (!current()) {
        await connection.close();
        return;
      }
      live.connection = connection;
      live.status = { kind: 'connected', toolCount: connection.tools.tools.length };
    } catch (error) {
      if (!current()) return;
      const message = error instanceof Error ? error.message : String(error);
      live.status = failureStatus((error as { kind?: McpFailureKind }).kind, message);
    }
    this.syncTools();
  }

  /**
   * The tools offered: every enabled tool of every connected server, mapped to API names
   * (collisions refused with a sentence), registered anew in every live session.
   */
  private syncTools(): void {
    const sessions = this.deps.sessions();
    for (const session of sessions) this.attach(session);
    this.connectors.sync(sessions, this.records.values());
    const refs: Array<{ server: string; tool: string; serverId: string; info: McpToolInfo }> = [];
    for (const [serverId, live] of this.live) {
      const record = this.records.get(serverId);
      if (!record || !live.connection) continue;
      live.status = { kind: 'connected', toolCount: live.connection.tools.tools.length };
      for (const info of live.connection.tools.tools) {
        if (isToolEnabled(record, info.name))
          refs.push({ server: record.name, tool: info.name, serverId, info });
      }
    }
    const { mapped, refused } = mapMcpToolNames(refs, this.builtInNames());
    this.apiNames = new Map();
    this.leftOut = new Map();
    const tools: Tool[] = [];
    for (const { apiName, server, tool: name } of mapped) {
      const ref = refs.find((candidate) => candidate.server === server && candidate.tool === name);
      if (!ref) continue;
      this.apiNames.set(permissionKey(ref.serverId, name), apiName);
      const tool: Tool = {
        definition: mcpToolDefinition(apiName, server, ref.info),
        needsApproval: true,
        execute: (input, signal, call) => this.run(ref.serverId, name, input, signal, call),
      };
      this.offered.set(tool, { serverId: ref.serverId, info: ref.info });
      tools.push(tool);
    }
    for (const { server, reason } of refused) {
      const id = refs.find((ref) => ref.server === server)?.serverId;
      if (id) this.leftOut.set(id, [...(this.leftOut.get(id) ?? []), reason]);
    }
    this.tools = tools;
    for (const session of sessions) {
      const held = this.attached.get(session);
      if (!held) continue;
      for (const remove of held.removes) remove();
      held.removes = tools.map((tool) => session.tools.register(tool));
    }
    for (const id of this.records.keys()) this.publish(id);
  }

  /** The permission step: waits for the user's answer; Esc (the run's signal) denies it. */
  private async ask(call: ToolCall, offered: Offered, signal: AbortSignal) {
    const onEscape = () => this.gate.dispatch({ type: 'escape', ids: [call.id] });
    signal.addEventListener('abort', onEscape, { once: true });
    try {
      const answer = await this.gate.ask({
        id: call.id,
        server: offered.serverId,
        tool: offered.info.name,
        input: call.input,
      });
      if (answer.allowed) return { action: 'allow' as const };
      this.gate.dispatch({ type: 'clear_settled' });
      return { action: 'deny' as const, message: answer.result.content };
    } finally {
      signal.removeEventListener('abort', onEscape);
    }
  }

  /** Runs an allowed call on its server, with the server's timeout, its progress shown and Esc cancelling it there. */
  private async run(
    serverId: string,
    tool: string,
    input: unknown,
    signal: AbortSignal,
    call: ToolCall | undefined,
  ): Promise<ToolExecutionResult> {
    const record = this.records.get(serverId);
    const connection = this.live.get(serverId)?.connection;
    const server = record?.name ?? 'The server';
    if (!record || !connection) {
      return { content: `${server} is not connected, so "${tool}" was not run.`, isError: true };
    }
    const callId = call?.id ?? crypto.randomUUID();
    this.gate.dispatch({ type: 'start', id: callId });
    const shown: ToolProgressView = {
      callId,
      serverName: server,
      tool,
      startedAt: (this.deps.now ?? Date.now)(),
    };
    this.deps.view.setProgress(shown);
    try {
      const adapter = await this.adapter();
      const outcome = await adapter.runMcpTool(connection, tool, isRecord(input) ? input : {}, {
        signal,
        timeoutMs: record.timeoutMs,
        onProgress: (progress) => this.deps.view.setProgress({ ...shown, ...progress }),
      });
      this.gate.dispatch(
        outcome.status === 'cancelled'
          ? { type: 'cancelled', id: callId }
          : {
              type: 'finish',
              id: callId,
              isError: outcome.status === 'failed',
              ...(outcome.failure && { error: outcome.failure.message }),
            },
      );
      const content = mcpResultContent(server, tool, outcome);
      return { content, ...(outcome.result.isError && { isError: true }) };
    } finally {
      this.deps.view.clearProgress(callId);
      this.gate.dispatch({ type: 'clear_settled' });
    }
  }

  /** Always allow as the gate holds it, written into each record it changed. */
  private async storeAlwaysAllowed(keys: readonly string[]): Promise<void> {
    for (const record of [...this.records.values()]) {
      const tools = keys.flatMap((key) => {
        const [server, tool] = key.split('\u0000');
        return server === record.id && tool !== undefined ? [tool] : [];
      });
      if (tools.join('\u0000') === record.alwaysAllowed.join('\u0000')) continue;
      await this.save({ ...record, alwaysAllowed: tools });
    }
  }

  private request(call: { id: string; server: string; tool: string; input: unknown }): ToolPermissionRequest {
    return {
      callId: call.id,
      serverId: call.server,
      serverName: this.records.get(call.server)?.name ?? call.server,
      tool: call.tool,
      input: call.input,
    };
  }

  private publish(id: string, status?: McpServerStatus): void {
    const record = this.records.get(id);
    if (!record) return;
    const live = this.live.get(id);
    this.deps.view.putServer(
      serverView(
        record,
        status ?? live?.status ?? { kind: 'connecting' },
        live?.connection?.tools,
        this.apiNames,
        this.leftOut.get(id) ?? [],
      ),
    );
  }
}
