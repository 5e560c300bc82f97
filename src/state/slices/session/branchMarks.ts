/**
 * What the chat marks on the branch beside each message's own content: the versions a
 * message has (for the ‹ 2 / 3 › switcher) and the user messages whose reply failed
 * before saying anything (they stay marked until retried).
 */

import { type VersionPlace, versionPlaces } from '../../../core/session/branchVersions';
import { replySendsNothing } from '../../../core/session/buildSessionContext';
import { isMessageEntry, type SessionEntry } from '../../../core/types/entry';

export type { VersionPlace } from '../../../core/session/branchVersions';

export interface BranchMarks {
  versions: ReadonlyMap<string, VersionPlace>;
  /** User messages on the branch answered only by a failed, empty reply. */
  failedMessageIds: ReadonlySet<string>;
}

export const NO_MARKS: BranchMarks = { versions: new Map(), failedMessageIds: new Set() };

export function branchMarks(all: readonly SessionEntry[], branch: readonly SessionEntry[]): BranchMarks {
  const failedMessageIds = new Set<string>();
  let lastUserId: string | undefined;
  for (const entry of branch) {
    if (!isMessageEntry(entry)) continue;
    const { message } = entry;
    if (message.role === 'user') lastUserId = entry.id;
    else if (message.role === 'assistant') {
      if (lastUserId !== undefined && message.stopReason === 'error' && replySendsNothing(message))
        failedMessageIds.add(lastUserId);
      lastUserId = undefined;
    }
  }
  const versions = versionPlaces(all, branch);
  if (versions.size === 0 && failedMessageIds.size === 0) return NO_MARKS;
  return { versions, failedMessageIds };
}
