/**
 * The files attached in a conversation, oldest first: named in the handoff instruction
 * (so the document says what they held) and listed on the new session's card.
 */
import { filesOf } from '../attachments/attachmentTypes';
import type { AgentMessage } from '../types/agentMessage';
import type { AttachmentRef } from '../types/attachment';

/** Every attached file of the user messages, once each, in order. */
export function attachedFiles(messages: readonly AgentMessage[]): AttachmentRef[] {
  const files = new Map<string, AttachmentRef>();
  for (const message of messages) {
    if (message.role !== 'user') continue;
    for (const file of filesOf(message.content)) files.set(file.id, file);
  }
  return [...files.values()];
}
