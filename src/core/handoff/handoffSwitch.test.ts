import { describe, expect, it } from 'vitest';
import { assistant, chain, messageBody, user } from '../../../testing/entryBuilders';
import { createSessionHeader } from '../session/sessionLog';
import type { AttachmentRef } from '../types/attachment';
import type { SessionHeader } from '../types/entry';
import { checkHandoffSections } from './checkSections';
import { HANDOFF_CUSTOM_TYPE, wrapHandoffDocument } from './handoffPrompt';
import { buildHandoffSwitch, type HandoffSwitchInput } from './handoffSwitch';

const DOCUMENT = '## Goal\nShip the release.\n\n## Next Steps\n1. Tag it.';
const PARENT: SessionHeader = {
  ...createSessionHeader({ id: 'old', model: 'claude-old', now: 10, title: 'Plan the API · part 2' }),
  leafId: 'e1',
  children: ['earlier-child'],
};
const input = (over: Partial<HandoffSwitchInput> = {}): HandoffSwitchInput => ({
  parent: PARENT,
  branch: chain([user('Plan'), assistant(['Planned'])], 'old'),
  document: DOCUMENT,
  outcome: {},
  childId: 'new',
  entryId: 'h1',
  now: 500,
  model: 'claude-new',
  ...over,
});

describe('buildHandoffSwitch', () => {
  it("gives the new session its chain's workspace: the parent's own, or the one the parent inherited", () => {
    expect(buildHandoffSwitch(input()).child.workspace).toBe('old');
    const inherited = buildHandoffSwitch(input({ parent: { ...PARENT, workspace: 'first' } }));
    expect(inherited.child.workspace).toBe('first');
  });

  it("names the new session by its document's Goal, or by the parent's name when the Goal says nothing", () => {
    const goal =
      '**Goal**\n> Move the **billing** API to v2 without downtime. Then retire v1.\n\n## Progress\n- Done.';
    expect(buildHandoffSwitch(input({ document: goal })).child.title).toBe(
      'Move the billing API to v2 without downtime. Then retire v1 · part 3',
    );
    expect(buildHandoffSwitch(input({ document: '## Goal\n\n## Progress\n- Done.' })).child.title).toBe(
      'Plan the API · part 3',
    );
    expect(buildHandoffSwitch(input({ document: 'No sections at all.' })).child.title).toBe(
      'Plan the API · part 3',
    );
  });

  it('links the two sessions both ways and points the app at the new one', () => {
    const records = buildHandoffSwitch(input());
    expect(records.parent).toEqual({ ...PARENT, children: ['earlier-child', 'new'] });
    expect(records.child).toEqual({
      id: 'new',
      // Named by the document's Goal, numbered one past the parent's part.
      title: 'Ship the release · part 3',
      createdAt: 500,
      updatedAt: 500,
      model: 'claude-new',
      leafId: 'h1',
      parentSession: 'old',
      children: [],
      // The chain's workspace: the parent began it, so it is named by the parent's id.
      workspace: 'old',
    });
    expect(records.activeSessionId).toBe('new');
    // The parent given is not changed: the caller moves to the records once they are stored.
    expect(PARENT.children).toEqual(['earlier-child']);
  });

  it("makes the handoff entry the new session's first, carrying the document and its details", () => {
    const { handoffEntry } = buildHandoffSwitch(input({ outcome: { pendingRequest: 'And the docs?' } }));
    expect(handoffEntry).toEqual({
      id: 'h1',
      parentId: null,
      sessionId: 'new',
      timestamp: 500,
      type: 'custom_message',
      customType: HANDOFF_CUSTOM_TYPE,
      content: wrapHandoffDocument(DOCUMENT),
      display: true,
      details: {
        document: DOCUMENT,
        parentSession: 'old',
        parentTitle: 'Plan the API · part 2',
        sections: checkHandoffSections(DOCUMENT),
        pendingRequest: 'And the docs?',
        todos: [{ id: 'h1-step-0', content: 'Tag it.', status: 'pending' }],
      },
    });
  });

  it('names the files the old session sent and the context it had reached', () => {
    const file: AttachmentRef = {
      id: 'a1',
      kind: 'pdf',
      mediaType: 'application/pdf',
      name: 'spec.pdf',
      size: 9,
    };
    const branch = chain(
      [
        messageBody({ role: 'user', content: [{ type: 'attachment', attachment: file }] }),
        messageBody({
          role: 'assistant',
          content: [{ type: 'text', text: 'Read it.' }],
          usage: { input: 1000, output: 200, cacheRead: 300, cacheWrite: 40 },
        }),
      ],
      'old',
    );
    const { handoffEntry } = buildHandoffSwitch(input({ branch }));
    expect(handoffEntry.details).toMatchObject({
      attachments: [{ entryId: 'e0', attachment: file }],
      tokensBefore: 1540,
    });
  });

  it('reports a condensed handoff with the size before condensing, and keeps the old thinking', () => {
    const thinking = { enabled: true, budgetTokens: 6000, effort: 'default' as const };
    const condensed = { tokensBefore: 250_000, toolResultsCleared: 3, messagesSummarised: 40, passes: 2 };
    const records = buildHandoffSwitch(input({ parent: { ...PARENT, thinking }, outcome: { condensed } }));
    expect(records.handoffEntry.details).toMatchObject({ condensed, tokensBefore: 250_000 });
    expect(records.child.thinking).toEqual(thinking);
    expect(records.child.thinking).not.toBe(thinking);
  });
});
