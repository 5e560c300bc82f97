/** Stage 0 of condensing: old attached files give way first, each leaving a line that names it. */
import { describe, expect, it, vi } from 'vitest';
import { requestProblems } from '../../../testing/requestInvariant';
import { attachmentPlaceholder } from '../attachments/attachmentText';
import { estimateMessagesTokens } from '../context/estimateTokens';
import type { ApiMessage } from '../types/agentMessage';
import type { AttachmentRef } from '../types/attachment';
import { condenseForHandoff, type Summariser } from './condenseForHandoff';
import { renderForSummary, replaceOldAttachments } from './condenseStages';

const photo = (n: number): AttachmentRef => ({
  id: `att_${n}`,
  kind: 'image',
  mediaType: 'image/png',
  name: `photo-${n}.png`,
  size: 200_000,
  width: 1600,
  height: 1200,
});

/** A turn whose question comes with one photo, and its answer. */
function turnWithPhoto(n: number): ApiMessage[] {
  return [
    {
      role: 'user',
      content: [
        { type: 'attachment', attachment: photo(n) },
        { type: 'text', text: `What is in photo ${n}?` },
      ],
    },
    { role: 'assistant', content: [{ type: 'text', text: `Photo ${n} shows a harbour.` }] },
  ];
}

const conversation = [1, 2, 3, 4].flatMap(turnWithPhoto);
const placeholders = (messages: readonly ApiMessage[]) =>
  messages.flatMap((m) => m.content).filter((b) => b.type === 'text' && b.text.startsWith('[Attached: '));
const files = (messages: readonly ApiMessage[]) =>
  messages.flatMap((m) => m.content).filter((b) => b.type === 'attachment');

describe('condensing: attached files first', () => {
  it('leaves the messages as they are when they fit', () => {
    const result = replaceOldAttachments(conversation, estimateMessagesTokens(conversation));
    expect(result.replaced).toBe(0);
    expect(result.messages).toEqual(conversation);
  });

  it('replaces the oldest files by a line naming each, only as far as needed, never the newest turn’s', () => {
    const full = estimateMessagesTokens(conversation);
    // Room for all but about one and a half photos: two must go.
    const { messages, replaced } = replaceOldAttachments(conversation, full - 2_000);
    expect(replaced).toBe(2);
    expect(placeholders(messages).map((b) => b.type === 'text' && b.text)).toEqual([
      attachmentPlaceholder(photo(1)),
      attachmentPlaceholder(photo(2)),
    ]);
    expect(files(messages).map((b) => b.type === 'attachment' && b.attachment.id)).toEqual([
      'att_3',
      'att_4',
    ]);
    expect(estimateMessagesTokens(messages)).toBeLessThanOrEqual(full - 2_000);
    // The caller's messages are untouched.
    expect(files(conversation)).toHaveLength(4);

    const tight = replaceOldAttachments(conversation, 100);
    expect(files(tight.messages).map((b) => b.type === 'attachment' && b.attachment.id)).toEqual(['att_4']);
  });

  it('runs before tool results are cleared or anything is summarised, and reports the files', async () => {
    const summarise = vi.fn<Summariser>(async () => 'never');
    const full = estimateMessagesTokens(conversation);
    const result = await condenseForHandoff({
      messages: conversation,
      fixedTokens: 0,
      budget: full - 2_000,
      maxSummaryTokens: 1_000,
      summarise,
      signal: new AbortController().signal,
    });
    expect(summarise).not.toHaveBeenCalled();
    expect(result.report).toEqual({
      attachmentsReplaced: 2,
      toolResultsCleared: 0,
      messagesSummarised: 0,
      passes: 0,
    });
    expect(requestProblems(result.messages)).toEqual([]);
  });

  it('names a file in the text a summariser reads', () => {
    expect(renderForSummary(turnWithPhoto(7))).toContain(
      'User attached photo-7.png (image, 1600×1200, 195 KB)',
    );
  });
});
