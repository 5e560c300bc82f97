/**
 * The one registry every tool call goes through. A feature registers its tool (and
 * removes it again with the function register returns); the agent loop gets a
 * ToolRunner bound to the session's availability, so it never decides which tools exist.
 *
 * A call runs through: the stop check, the lookup among the available tools, the
 * before-call hooks in the order they were added (the first refusal wins; a tool that
 * needs approval runs only if one of them allowed it), the tool itself, then the
 * after-call hooks, each seeing the result the one before it left.
 */
import type { McpConnectorServer } from '../agent/types';
import type { ToolDefinition } from '../types/agentMessage';
import type {
  AfterCallHook,
  BeforeCallHook,
  Tool,
  ToolAvailability,
  ToolCall,
  ToolExecutionResult,
  ToolRunner,
} from './tool';

export const TOOL_CANCELLED = 'Cancelled by the user.';

export function unknownToolMessage(name: string): string {
  return `Unknown tool: ${name}`;
}

export function toolFailedMessage(caught: unknown): string {
  return `Tool failed: ${caught instanceof Error ? caught.message : String(caught)}`;
}

export function approvalMissingMessage(name: string): string {
  return `Not run: the ${name} tool needs the user's approval.`;
}

const refused = (content: string): ToolExecutionResult => ({ content, isError: true });

/** A call's fate once its before-call hooks have spoken: run the tool, or answer with a refusal. */
type Verdict = { run: Tool } | ToolExecutionResult;

export class ToolRegistry {
  private readonly tools = new Map<string, Tool>();
  /** MCP servers the API connects to itself: declared in requests, never run here. */
  private readonly connectorServers: McpConnectorServer[] = [];
  private readonly beforeHooks: BeforeCallHook[] = [];
  private readonly afterHooks: AfterCallHook[] = [];

  /** Adds `tool`; its name must be free. Returns the function that removes it again. */
  register(tool: Tool): () => void {
    const name = tool.definition.name;
    if (this.tools.has(name)) throw new Error(`A tool named ${name} is already registered.`);
    this.tools.set(name, tool);
    return () => {
      if (this.tools.get(name) === tool) this.tools.delete(name);
    };
  }

  /**
   * Adds a server the API is to connect to (the MCP connector): its tools are the API's
   * to call, so it has no executor here. Returns the function that removes it again.
   */
  registerConnector(server: McpConnectorServer): () => void {
    return addTo(this.connectorServers, server);
  }

  /** The connector servers, in the order they were added. */
  connectors(): McpConnectorServer[] {
    return [...this.connectorServers];
  }

  beforeCall(hook: BeforeCallHook): () => void {
    return addTo(this.beforeHooks, hook);
  }

  afterCall(hook: AfterCallHook): () => void {
    return addTo(this.afterHooks, hook);
  }

  /** The tools offered under `availability`, in the order they were registered. */
  available(availability: ToolAvailability): Tool[] {
    return [...this.tools.values()].filter((tool) => tool.isAvailable?.(availability) ?? true);
  }

  isAvailable(name: string, availability: ToolAvailability): boolean {
    const tool = this.tools.get(name);
    return tool !== undefined && (tool.isAvailable?.(availability) ?? true);
  }

  definitions(availability: ToolAvailability): ToolDefinition[] {
    return this.available(availability).map((tool) => tool.definition);
  }

  /** The agent loop's view: the tools as available at each moment `availability` is read. */
  runner(availability: () => ToolAvailability): ToolRunner {
    return {
      definitions: () => this.definitions(availability()),
      run: (call, signal) => this.run(call, availability(), signal),
      runAll: (calls, signal) => this.runAll(calls, availability(), signal),
    };
  }

  /** Runs one call to its result; never throws (a failure is an error result the model reads). */
  async run(
    call: ToolCall,
    availability: ToolAvailability,
    signal: AbortSignal,
  ): Promise<ToolExecutionResult> {
    const tool = this.lookUp(call, availability);
    return this.finish(call, tool, this.decide(call, tool, signal), signal);
  }

  /**
   * Runs a reply's calls, results in their order. Every call's before-call hooks start at
   * once, so parallel calls each ask for permission side by side rather than one card
   * after the other; each tool then runs once its own answer and the calls before it are
   * in, so tools never overlap and results keep the order the API requires.
   */
  async runAll(
    calls: readonly ToolCall[],
    availability: ToolAvailability,
    signal: AbortSignal,
  ): Promise<ToolExecutionResult[]> {
    const decided = calls.map((call) => {
      const tool = this.lookUp(call, availability);
      return { call, tool, verdict: this.decide(call, tool, signal) };
    });
    const results: ToolExecutionResult[] = [];
    for (const { call, tool, verdict } of decided)
      results.push(await this.finish(call, tool, verdict, signal));
    return results;
  }

  private lookUp(call: ToolCall, availability: ToolAvailability): Tool | undefined {
    return this.isAvailable(call.name, availability) ? this.tools.get(call.name) : undefined;
  }

  /** The before-call hooks' verdict: the tool to run, or the refusal to answer with. Never rejects. */
  private async decide(call: ToolCall, tool: Tool | undefined, signal: AbortSignal): Promise<Verdict> {
    try {
      if (signal.aborted) return refused(TOOL_CANCELLED);
      if (!tool) return refused(unknownToolMessage(call.name));
      let allowed = false;
      for (const hook of [...this.beforeHooks]) {
        const decision = await hook(call, tool, signal);
        if (decision?.action === 'deny') return refused(decision.message);
        if (decision?.action === 'allow') allowed = true;
      }
      if (tool.needsApproval === true && !allowed) return refused(approvalMissingMessage(call.name));
      return { run: tool };
    } catch (caught) {
      return refused(toolFailedMessage(caught));
    }
  }

  /** Runs the tool if its verdict allows, then the after-call hooks; never throws. */
  private async finish(
    call: ToolCall,
    tool: Tool | undefined,
    verdict: Promise<Verdict>,
    signal: AbortSignal,
  ): Promise<ToolExecutionResult> {
    let result: ToolExecutionResult;
    try {
      // A hook that waited for the user (or a call before this one) may end after the run was stopped.
      const decided = await verdict;
      if (!('run' in decided)) result = decided;
      else if (signal.aborted) result = refused(TOOL_CANCELLED);
      else result = await decided.run.execute(call.input, signal, call);
    } catch (caught) {
      result = refused(toolFailedMessage(caught));
    }
    for (const hook of [...this.afterHooks]) {
      try {
        result = (await hook(call, result, tool)) ?? result;
      } catch (caught) {
        result = refused(toolFailedMessage(caught));
      }
    }
    return result;
  }
}

function addTo<T>(list: T[], item: T): () => void {
  list.push(item);
  return () => {
    const index = list.indexOf(item);
    if (index !== -1) list.splice(index, 1);
  };
}
