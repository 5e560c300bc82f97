// @vitest-environment jsdom
/**
 * ↑ and Esc in the composer through the real app wiring: an edit of the last user
 * message starts only when it can, fills the box, and ends without a trace when cancelled.
 */
import { describe, expect, it } from 'vitest';
import { appsPerTest, transcript } from '../../../testing/appHarness';
import { textReply } from '../../../testing/mockModel';

const start = appsPerTest();

/** This test's app's copy of the module (the harness loaded the app's modules afresh). */
const editModule = () => import('./editActions');

describe('handleEditKey', () => {
  it('↑ in an empty box edits the last user message; Esc ends the edit and empties the box', async () => {
    const app = await start();
    const { handleEditKey } = await editModule();
    app.mock.script(textReply('First answer.'), textReply('Second answer.'));
    await app.composer.submitComposer('First question');
    await app.composer.submitComposer('Second question');
    const secondId = app.state().entries[2]?.id;

    expect(handleEditKey('ArrowUp', '')).toBe(true);
    expect(app.state().editingEntryId).toBe(secondId);
    expect(app.state().composerText).toBe('Second question');

    expect(handleEditKey('Escape', 'Second question')).toBe(true);
    expect(app.state()).toMatchObject({ editingEntryId: null, composerText: '' });
    // The conversation is as it was.
    expect(transcript(app.state().entries)).toEqual([
      'user: First question',
      'assistant: First answer.',
      'user: Second question',
      'assistant: Second answer.',
    ]);
  });

  it('an edited message sent becomes a new branch in place of the old one', async () => {
    const app = await start();
    const { handleEditKey } = await editModule();
    app.mock.script(textReply('First answer.'), textReply('Answer to the edit.'));
    await app.composer.submitComposer('Original question');
    handleEditKey('ArrowUp', '');
    app.type('Edited question');
    await app.composer.submitComposer('Edited question');
    expect(transcript(app.state().entries)).toEqual([
      'user: Edited question',
      'assistant: Answer to the edit.',
    ]);
    expect(app.state().editingEntryId).toBeNull();
  });

  it('leaves the keys alone when there is nothing to edit, text in the box, or no edit to end', async () => {
    const app = await start();
    const { handleEditKey } = await editModule();
    expect(handleEditKey('ArrowUp', '')).toBe(false);
    expect(handleEditKey('Escape', '')).toBe(false);
    app.mock.script(textReply('Answer.'));
    await app.composer.submitComposer('Question');
    expect(handleEditKey('ArrowUp', 'typed')).toBe(false);
    expect(handleEditKey('ArrowDown', '')).toBe(false);
    expect(app.state().editingEntryId).toBeNull();
  });

  it('does not start an edit while a reply is being written', async () => {
    const app = await start();
    const { handleEditKey } = await editModule();
    app.mock.script(textReply('Answer.'), textReply('A slow second answer, written bit by bit.', 30, 4));
    await app.composer.submitComposer('Question');
    const sending = app.composer.submitComposer('Another');
    await app.mock.waitForRequests(2);
    expect(handleEditKey('ArrowUp', '')).toBe(false);
    expect(app.state().editingEntryId).toBeNull();
    await sending;
  });
});
