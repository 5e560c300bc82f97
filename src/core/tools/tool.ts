/**
 * What a tool is to Baton: its definition as the model reads it, its executor, when a
 * session offers it, and whether it may run only with the user's approval. Built-in
 * tools (todo_write, recall, handoff) and the ones still to come (the API's client tools,
 * MCP tools found at run time) all take this shape and go through one ToolRegistry.
 */
import type { ToolDefinition } from '../types/agentMessage';
import type { ToolResultContent } from '../types/message';

/** One call the model made: the tool_use block's id, name and input. */
export interface ToolCall {
  id: string;
  name: string;
  input: unknown;
}

export interface ToolExecutionResult {
  /** Text, or blocks when the result carries images (an MCP tool's, say). */
  content: string | ToolResultContent[];
  isError?: boolean;
  /**
   * The run ends with this answer: the model is not asked again. For a tool whose answer
   * hands control back to the user (the handoff the user accepted starts next, and needs
   * the session idle); the result is still stored, so the transcript stays well formed.
   */
  endsRun?: boolean;
}

/** What decides which tools a session offers. */
export interface ToolAvailability {
  /** The session was started by a handoff: there are earlier sessions behind it. */
  startedByHandoff: boolean;
}

export interface Tool {
  definition: ToolDefinition;
  /** `call` is the call being answered (always given by the registry). */
  execute(
    input: unknown,
    signal: AbortSignal,
    call?: ToolCall,
  ): Promise<ToolExecutionResult> | ToolExecutionResult;
  /** Offered (declared and run) only where this holds; default: everywhere. */
  isAvailable?(availability: ToolAvailability): boolean;
  /** Runs only when a before-call hook allows it (the permission step); default: false. */
  needsApproval?: boolean;
}

/**
 * A before-call hook's say on one call: let it run, refuse it with a message the model
 * reads (an error result), or no opinion (undefined). It may take its time (ask the user);
 * `signal` fires if the run is stopped meanwhile.
 */
export type BeforeCallDecision = { action: 'allow' } | { action: 'deny'; message: string } | undefined;

export type BeforeCallHook = (
  call: ToolCall,
  tool: Tool,
  signal: AbortSignal,
) => BeforeCallDecision | Promise<BeforeCallDecision>;

/** Sees each result (refusals and failures included) and may replace it; undefined keeps it. */
export type AfterCallHook = (
  call: ToolCall,
  result: ToolExecutionResult,
  tool: Tool | undefined,
) => ToolExecutionResult | undefined | Promise<ToolExecutionResult | undefined>;

/** What the agent loop needs of the tools: what to declare, and a way to run a call. */
export interface ToolRunner {
  definitions(): ToolDefinition[];
  run(call: ToolCall, signal: AbortSignal): Promise<ToolExecutionResult>;
  /**
   * A reply's calls, their results in the same order: every call's permission step starts
   * at once (parallel calls each wait for their own answer, side by side), and the tools
   * run one after another in the order of the calls.
   */
  runAll(calls: readonly ToolCall[], signal: AbortSignal): Promise<ToolExecutionResult[]>;
}
