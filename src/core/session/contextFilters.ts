/**
 * The rules features add to what a request sends of the context. The transcript (and so
 * the stored session) keeps everything; a filter only leaves messages out of requests.
 * The handoff registers its own (handoffAttempts.ts), so the request builder knows no
 * feature's rules, and a new feature adds its filter here rather than to the builder.
 */
import type { AgentMessage } from '../types/agentMessage';

export type ContextFilter = (messages: readonly AgentMessage[]) => readonly AgentMessage[];

/** Leaves everything in. */
export const keepAll: ContextFilter = (messages) => messages;

export class ContextFilters {
  private readonly filters: ContextFilter[] = [];

  /** Adds `filter` after those registered before it. Returns the function that removes it. */
  register(filter: ContextFilter): () => void {
    this.filters.push(filter);
    return () => {
      const index = this.filters.indexOf(filter);
      if (index !== -1) this.filters.splice(index, 1);
    };
  }

  /** Every registered filter in turn, in the order they were registered. */
  readonly apply: ContextFilter = (messages) =>
    this.filters.reduce<readonly AgentMessage[]>((kept, filter) => filter(kept), messages);
}
