/** The chain a session was handed off from: parent first, then grandparent, and so on. */
import type { SessionHeader } from '../types/entry';

/** A guard against a damaged chain that loops or is absurdly long. */
const MAX_CHAIN = 1000;

export async function ancestorsOf(
  header: SessionHeader,
  read: (id: string) => Promise<SessionHeader | undefined> | SessionHeader | undefined,
): Promise<SessionHeader[]> {
  const chain: SessionHeader[] = [];
  const seen = new Set([header.id]);
  let next = header.parentSession;
  while (next !== undefined && !seen.has(next) && chain.length < MAX_CHAIN) {
    seen.add(next);
    const parent = await read(next);
    if (!parent) break;
    chain.push(parent);
    next = parent.parentSession;
  }
  return chain;
}
