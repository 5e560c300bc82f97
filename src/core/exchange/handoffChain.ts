/**
 * The handoff chain a session belongs to: its ancestors up to the root, then every
 * session handed off from the root, parents before children. Exporting the chain
 * from any of its sessions gives the same file.
 */
import type { SessionHeader } from '../types/entry';

/** Ids root first, parents before children; only sessions present in `headers`. */
export function handoffChainIds(headers: readonly SessionHeader[], sessionId: string): string[] {
  const byId = new Map(headers.map((header) => [header.id, header]));
  const start = byId.get(sessionId);
  if (!start) return [];
  // Walk up; lineage is data from storage or a file, so a loop must not hang us.
  let root = start;
  const climbed = new Set([root.id]);
  while (root.parentSession !== undefined) {
    const parent = byId.get(root.parentSession);
    if (!parent || climbed.has(parent.id)) break;
    climbed.add(parent.id);
    root = parent;
  }
  const order: string[] = [];
  const seen = new Set<string>();
  const stack = [root.id];
  while (stack.length > 0) {
    const id = stack.pop() as string; // The loop runs only while the stack is not empty.
    if (seen.has(id)) continue;
    const header = byId.get(id);
    if (!header) continue;
    seen.add(id);
    order.push(id);
    // Reversed so the oldest child is visited first.
    for (const child of [...header.children].reverse()) if (!seen.has(child)) stack.push(child);
  }
  return order;
}
