import type { AgentMessage } from '../types/agentMessage';
import type { Message } from '../types/message';
import type { ToolRounds } from './toolRounds';
import type { ModelError } from './types';

export type AgentEvent =
  | { type: 'agent_start' }
  | { type: 'message_start'; message: AgentMessage }
  | { type: 'message_update'; message: Message }
  | { type: 'message_end'; message: AgentMessage }
  | { type: 'turn_end'; message: Message; toolResults: Message[] }
  /** A round of tool calls starts running: the count so far (this one included) and the bound. */
  | { type: 'tool_round'; rounds: ToolRounds }
  | {
      type: 'agent_end';
      /** Every message this run added, in order. */
      messages: AgentMessage[];
      aborted: boolean;
      error?: ModelError;
      /** The run paused at its bound on tool rounds (see toolRounds.ts), its calls all answered. */
      toolRoundLimit?: ToolRounds;
    }
  | { type: 'queue_update' };

export type AgentListener = (event: AgentEvent) => void;
