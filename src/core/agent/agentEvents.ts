import type { AgentMessage } from '../types/agentMessage';
import type { Message } from '../types/message';
import type { ModelError } from './types';

export type AgentEvent =
  | { type: 'agent_start' }
  | { type: 'message_start'; message: AgentMessage }
  | { type: 'message_update'; message: Message }
  | { type: 'message_end'; message: AgentMessage }
  | { type: 'turn_end'; message: Message; toolResults: Message[] }
  | {
      type: 'agent_end';
      /** Every message this run added, in order. */
      messages: AgentMessage[];
      aborted: boolean;
      error?: ModelError;
    }
  | { type: 'queue_update' };

export type AgentListener = (event: AgentEvent) => void;
