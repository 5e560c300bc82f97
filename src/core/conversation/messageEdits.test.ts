import { describe, expect, it } from 'vitest';
import { assistant, chain, toolResult, toolResults, user } from '../../../testing/entryBuilders';
import { isHandoffInstruction } from '../handoff/handoffAttempts';
import { HANDOFF_PROMPT_MARKER } from '../handoff/handoffPrompt';
import type { SessionEntry } from '../types/entry';
import { type EditEvent, MessageEdits, NotEditableError } from './messageEdits';

function start(branch: SessionEntry[]) {
  const events: EditEvent[] = [];
  const edits = new MessageEdits({
    branch: () => branch,
    isInternal: isHandoffInstruction,
    emit: (e) => events.push(e),
  });
  return { edits, events };
}

const BRANCH = chain([
  user('First question'),
  assistant(['An answer']),
  toolResults(toolResult('t1')),
  user(`${HANDOFF_PROMPT_MARKER}\nWrite the handoff document.`),
  assistant(['## Goal']),
]);

describe('MessageEdits', () => {
  it('lets the user edit their own messages only, and says so in one sentence', () => {
    const { edits } = start(BRANCH);
    expect(edits.editable('e0').id).toBe('e0');
    for (const id of ['e1', 'e2', 'e3', 'nowhere']) {
      expect(() => edits.editable(id)).toThrow(NotEditableError);
      expect(() => edits.editable(id)).toThrow('Only your own messages on this branch can be edited.');
    }
  });

  it('finds the newest message an edit may replace, passing over the handoff instruction', () => {
    expect(start(BRANCH).edits.lastEditable()).toBe('e0');
    expect(start(chain([assistant(['Hello'])])).edits.lastEditable()).toBeUndefined();
  });

  it('tells listeners when an edit begins and ends, once each', () => {
    const { edits, events } = start(BRANCH);
    expect(edits.cancel()).toBe(false);
    edits.set('e0');
    edits.set('e0');
    expect(edits.entryId).toBe('e0');
    expect(edits.cancel()).toBe(true);
    expect(edits.entryId).toBeUndefined();
    expect(events).toEqual([
      { type: 'edit_changed', entryId: 'e0' },
      { type: 'edit_changed', entryId: undefined },
    ]);
  });
});
