import { beforeEach, describe, expect, it } from 'vitest';
import { batonStore, initialState, resetBatonStore } from '../../store/store';
import {
  beginEditing,
  clearComposer,
  endEditing,
  prependToComposer,
  returnToComposer,
  setComposerText,
} from './actions';
import { initialComposerState } from './initialState';
import { MAX_MESSAGE_CHARS, prepended } from './messageText';
import { selectEditing } from './selectors';

const state = () => batonStore.getState();
const notices = () => state().notices.map(({ kind, text }) => ({ kind, text }));

beforeEach(() => resetBatonStore());

describe('composer slice: initial state', () => {
  it('starts with an empty box, nothing queued and no edit', () => {
    expect(initialComposerState).toEqual({
      composerText: '',
      queue: { steering: [], followUps: [] },
      editingEntryId: null,
      drafts: {},
      editingInPlace: false,
      heldOffline: [],
    });
    expect(state()).toMatchObject(initialComposerState);
  });
});

describe('composer slice: typing', () => {
  it('setComposerText holds clean text and says nothing', () => {
    setComposerText('Hello\tthere\n');
    expect(state().composerText).toBe('Hello\tthere\n');
    expect(notices()).toEqual([]);
  });

  it('removes control characters as they arrive and counts them in one info notice', () => {
    setComposerText('a\u0007b');
    expect(state().composerText).toBe('ab');
    expect(notices()).toEqual([
      { kind: 'info', text: 'Removed 1 invisible control character from the message.' },
    ]);
    setComposerText('x\u0000\u001by\u007f');
    expect(state().composerText).toBe('xy');
    expect(notices().at(-1)).toEqual({
      kind: 'info',
      text: 'Removed 3 invisible control characters from the message.',
    });
  });

  it('refuses text past the limit whole, keeping what the box had, with an error', () => {
    setComposerText('before');
    setComposerText('x'.repeat(MAX_MESSAGE_CHARS + 1));
    expect(state().composerText).toBe('before');
    expect(notices()).toEqual([
      {
        kind: 'error',
        text: 'That text would make the message 500,001 characters long; the limit is 500,000. Nothing was added: paste a smaller part.',
      },
    ]);
  });

  it('measures the limit after control characters are removed', () => {
    setComposerText(`${'x'.repeat(MAX_MESSAGE_CHARS)}\u0000`);
    expect(state().composerText).toHaveLength(MAX_MESSAGE_CHARS);
    expect(notices().map((n) => n.kind)).toEqual(['info']);
  });

  it('clearComposer empties the box', () => {
    setComposerText('text');
    clearComposer();
    expect(state().composerText).toBe('');
  });
});

describe('composer slice: text handed back', () => {
  it('prependToComposer puts text before what was typed since, a blank line between', () => {
    prependToComposer('first');
    expect(state().composerText).toBe('first');
    setComposerText('typed since');
    prependToComposer('refused');
    expect(state().composerText).toBe('refused\n\ntyped since');
    expect(prepended('a', '')).toBe('a');
  });

  it('prependToComposer of nothing leaves the box as it is', () => {
    setComposerText('typed');
    const before = state();
    prependToComposer('');
    expect(state()).toBe(before);
  });

  it('returnToComposer puts the text back and says why, as an error that stays', () => {
    setComposerText('new');
    returnToComposer('sent', 'The model API refused the request.');
    expect(state().composerText).toBe('sent\n\nnew');
    expect(notices()).toEqual([{ kind: 'error', text: 'The model API refused the request.' }]);
  });
});

describe('composer slice: editing a sent message', () => {
  it('beginEditing fills the box with the message and marks it; endEditing empties both', () => {
    expect(selectEditing(state())).toBe(false);
    beginEditing('e3', 'the sent text');
    expect(state()).toMatchObject({ editingEntryId: 'e3', composerText: 'the sent text' });
    expect(selectEditing(state())).toBe(true);
    endEditing();
    expect(state()).toMatchObject({ editingEntryId: null, composerText: '' });
    expect(selectEditing(state())).toBe(false);
  });

  it('beginEditing another message replaces the first edit and its text', () => {
    beginEditing('e1', 'one');
    beginEditing('e2', 'two');
    expect(state()).toMatchObject({ editingEntryId: 'e2', composerText: 'two' });
  });

  it('selectEditing reads only the edit, not the text', () => {
    expect(selectEditing({ ...initialState, composerText: 'typed' })).toBe(false);
    expect(selectEditing({ ...initialState, editingEntryId: 'x' })).toBe(true);
  });
});
