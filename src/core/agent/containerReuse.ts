/**
 * Code execution's container, run in again: the API names the container a reply's code
 * ran in (with when it expires), and a request that passes that id finds the files the
 * earlier code made. The newest reply that ran code decides: its container while it
 * lives, else none (the API then makes a new one; an expired id would be refused).
 */
import type { AgentMessage } from '../types/agentMessage';

/** Left as expired this long before the API's time: a request may take that long to arrive. */
const EXPIRY_MARGIN_MS = 60_000;

/** The container of the newest reply that ran in one, while it has more than a minute left. */
export function reusableContainer(context: readonly AgentMessage[], now: number): string | undefined {
  for (let i = context.length - 1; i >= 0; i--) {
    const message = context[i];
    if (message?.role !== 'assistant' || !message.container) continue;
    const left = Date.parse(message.container.expiresAt) - now;
    return left > EXPIRY_MARGIN_MS ? message.container.id : undefined;
  }
  return undefined;
}

/** `features` with the container to run in again, when code execution is on and one lives. */
export function withContainer<Features extends { codeExecution?: boolean }>(
  features: Features,
  context: readonly AgentMessage[],
  now: number,
): Features & { container?: string } {
  if (!features.codeExecution) return features;
  const container = reusableContainer(context, now);
  return container === undefined ? features : { ...features, container };
}
