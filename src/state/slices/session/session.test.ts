import { beforeEach, describe, expect, it } from 'vitest';
import { assistant, chain, user } from '../../../../testing/entryBuilders';
import type { SessionHeader } from '../../../core/types/entry';
import type { Message } from '../../../core/types/message';
import { NO_USAGE } from '../../../core/usage/sessionUsage';
import { type BatonState, batonStore, initialState, resetBatonStore } from '../../store/store';
import {
  beginOpening,
  endOpening,
  focusEntryAt,
  focusEntryShown,
  removeSession,
  setSessions,
  showBranch,
  showNewestPage,
  upsertSession,
} from './actions';
import { initialSessionState } from './initialState';
import {
  selectCurrentModel,
  selectHandedOffTo,
  selectInChain,
  selectIsNewest,
  selectSession,
  selectSessionThinking,
  selectSessionTitle,
} from './selectors';
import { sortedSessions, withoutSession, withoutUnsaved, withSession } from './sessionList';

const header = (id: string, extra: Partial<SessionHeader> = {}): SessionHeader => ({
  id,
  title: `Title ${id}`,
  createdAt: 0,
  updatedAt: 0,
  model: 'claude-a',
  leafId: 'leaf',
  children: [],
  ...extra,
});
const state = () => batonStore.getState();
const ids = (sessions: readonly SessionHeader[]) => sessions.map((h) => h.id);
const withState = (patch: Partial<BatonState>): BatonState => ({ ...initialState, ...patch });

beforeEach(() => resetBatonStore());

describe('session slice: initial state', () => {
  it('starts with no sessions, nothing open, nothing streaming and nothing being opened', () => {
    expect(initialSessionState).toEqual({
      sessions: [],
      activeSessionId: null,
      entries: [],
      streaming: null,
      sessionUsage: null,
      isStreaming: false,
      todos: [],
      focusEntry: null,
      openingSessionId: null,
      toolRounds: null,
      backgroundSessionIds: [],
      marks: { failedMessageIds: new Set(), versions: new Map() },
    });
    expect(state()).toMatchObject(initialSessionState);
  });
});

describe('session slice: the list', () => {
  it('setSessions shows the headers newest first, whatever order they came in', () => {
    setSessions([
      header('old', { updatedAt: 1 }),
      header('new', { updatedAt: 3 }),
      header('mid', { updatedAt: 2 }),
    ]);
    expect(ids(state().sessions)).toEqual(['new', 'mid', 'old']);
  });

  it('upsertSession inserts a new header in its place and replaces an existing one', () => {
    setSessions([header('a', { updatedAt: 2 }), header('b', { updatedAt: 1 })]);
    upsertSession(header('c', { updatedAt: 3 }));
    expect(ids(state().sessions)).toEqual(['c', 'a', 'b']);
    // b is written to: it moves to the top, once, with its new title.
    upsertSession(header('b', { updatedAt: 4, title: 'Renamed' }));
    expect(ids(state().sessions)).toEqual(['b', 'c', 'a']);
    expect(state().sessions[0]?.title).toBe('Renamed');
  });

  it('removeSession drops the session and the links its parents had to it, leaving other children', () => {
    setSessions([
      header('parent', { children: ['gone', 'kept'], updatedAt: 3 }),
      header('gone', { parentSession: 'parent', updatedAt: 2 }),
      header('kept', { parentSession: 'parent', updatedAt: 1 }),
    ]);
    const kept = state().sessions[2];
    removeSession('gone');
    expect(ids(state().sessions)).toEqual(['parent', 'kept']);
    expect(state().sessions[0]?.children).toEqual(['kept']);
    // A header without a link to the removed one is the same object: nothing re-renders for it.
    expect(state().sessions[1]).toBe(kept);
  });

  it('removeSession of an id the list does not have changes nothing in it', () => {
    setSessions([header('a')]);
    removeSession('missing');
    expect(ids(state().sessions)).toEqual(['a']);
  });
});

describe('session slice: the list rules', () => {
  it('sortedSessions does not reorder the list it is given', () => {
    const given = [header('a', { updatedAt: 1 }), header('b', { updatedAt: 2 })];
    expect(ids(sortedSessions(given))).toEqual(['b', 'a']);
    expect(ids(given)).toEqual(['a', 'b']);
  });

  it('withSession keeps one header per id', () => {
    const list = withSession([header('a', { updatedAt: 1 })], header('a', { updatedAt: 5, title: 'new' }));
    expect(list).toEqual([header('a', { updatedAt: 5, title: 'new' })]);
  });

  it('withoutUnsaved drops a session never stored (no leaf) and keeps a stored one', () => {
    const unsaved = header('empty', { leafId: null });
    const stored = header('stored');
    const list = [unsaved, stored];
    expect(ids(withoutUnsaved(list, unsaved))).toEqual(['stored']);
    expect(withoutUnsaved(list, stored)).toBe(list);
    expect(withoutUnsaved(list, undefined)).toBe(list);
  });

  it('withoutSession unlinks the id from every session that listed it', () => {
    const list = withoutSession(
      [header('p', { children: ['x'] }), header('q', { children: ['x', 'y'] }), header('x')],
      'x',
    );
    expect(list.map((h) => [h.id, h.children])).toEqual([
      ['p', []],
      ['q', ['y']],
    ]);
  });
});

describe('session slice: opening and showing a session', () => {
  it('beginOpening marks the session being opened, but not the one already open', () => {
    batonStore.setState({ activeSessionId: 'open' });
    beginOpening('other');
    expect(state().openingSessionId).toBe('other');
    beginOpening('open');
    expect(state().openingSessionId).toBeNull();
  });

  it('endOpening clears only the open it ends: an older open ending late leaves a newer one shown', () => {
    beginOpening('first');
    beginOpening('second');
    endOpening('first');
    expect(state().openingSessionId).toBe('second');
    endOpening('second');
    expect(state().openingSessionId).toBeNull();
  });

  it('showNewestPage shows the page and forgets the last session’s usage, stream and edit', () => {
    const entries = chain([user('Hi'), assistant(['Hello'])], 's2');
    batonStore.setState({
      activeSessionId: 's1',
      sessionUsage: NO_USAGE,
      streaming: { entryId: 'e', message: { role: 'assistant', content: [] } },
      editingEntryId: 'old-edit',
      composerText: 'kept',
    });
    showNewestPage('s2', entries);
    expect(state()).toMatchObject({
      activeSessionId: 's2',
      entries,
      sessionUsage: null,
      streaming: null,
      editingEntryId: null,
      // The text in the box stays with the user, whichever session is shown.
      composerText: 'kept',
    });
  });

  it('showBranch shows the whole branch with its usage', () => {
    const entries = chain([user('Hi')], 's3');
    const usage = { models: [], unreadable: 1 };
    showBranch('s3', entries, usage);
    expect(state()).toMatchObject({ activeSessionId: 's3', entries, sessionUsage: usage });
  });

  it('focusEntryAt asks for an entry to be shown; focusEntryShown clears the request once', () => {
    focusEntryAt('s1', 'e7');
    expect(state().focusEntry).toEqual({ sessionId: 's1', entryId: 'e7' });
    focusEntryShown();
    expect(state().focusEntry).toBeNull();
    // Nothing asked: no change is published (a subscriber would re-render for nothing).
    let changes = 0;
    const stop = batonStore.subscribe(() => {
      changes += 1;
    });
    focusEntryShown();
    stop();
    expect(changes).toBe(0);
  });
});

const OWN_THINKING = { enabled: true, budgetTokens: 2048, effort: 'default' as const };

describe('session slice: selectors', () => {
  const sessions = [
    header('parent', { children: ['child'], model: 'claude-old', thinking: OWN_THINKING }),
    header('child', { parentSession: 'parent', title: 'The child' }),
    header('alone', { model: '' }),
  ];
  const open = (id: string | null) => withState({ sessions, activeSessionId: id });

  it('selectSession and selectSessionTitle find a header by id, or nothing', () => {
    expect(selectSession('child')(open(null))?.id).toBe('child');
    expect(selectSession(undefined)(open(null))).toBeUndefined();
    expect(selectSession('missing')(open(null))).toBeUndefined();
    expect(selectSessionTitle('child')(open(null))).toBe('The child');
    expect(selectSessionTitle('missing')(open(null))).toBeUndefined();
  });

  it('selectCurrentModel is the open session’s model with a key, else the Settings model or the demo', () => {
    const settings = { ...initialState.settings, model: 'claude-settings', apiKey: 'sk-x' };
    expect(selectCurrentModel({ ...open('parent'), settings })).toBe('claude-old');
    expect(selectCurrentModel({ ...open('alone'), settings })).toBe('claude-settings');
    expect(selectCurrentModel({ ...open(null), settings })).toBe('claude-settings');
    // No key: the offline demo answers, whatever the session was started on.
    expect(selectCurrentModel({ ...open('parent'), settings: { ...settings, apiKey: ' ' } })).toBe(
      'baton-demo',
    );
  });

  it('selectSessionThinking is the session’s own choice, else the Settings default', () => {
    expect(selectSessionThinking(open('parent'))).toBe(OWN_THINKING);
    expect(selectSessionThinking(open('child'))).toBe(initialState.settings.thinking);
    expect(selectSessionThinking(open(null))).toBe(initialState.settings.thinking);
  });

  it('selectInChain and selectHandedOffTo read the open session’s links', () => {
    expect(selectInChain(open('parent'))).toBe(true);
    expect(selectInChain(open('child'))).toBe(true);
    expect(selectInChain(open('alone'))).toBe(false);
    expect(selectInChain(open(null))).toBe(false);
    expect(selectHandedOffTo(open('parent'))).toEqual(['child']);
    expect(selectHandedOffTo(open('alone'))).toEqual([]);
  });

  it('selectIsNewest holds only for the message of the branch’s last entry', () => {
    const entries = chain([user('Hi'), assistant(['Hello'])]);
    const messageOf = (i: number): Message => {
      const entry = entries[i];
      if (entry?.type !== 'message') throw new Error('not a message');
      return (entry as { message: Message }).message;
    };
    const s = withState({ entries });
    expect(selectIsNewest(messageOf(1))(s)).toBe(true);
    expect(selectIsNewest(messageOf(0))(s)).toBe(false);
    // An equal message that is not the stored one is not the newest.
    expect(selectIsNewest({ ...messageOf(1) })(s)).toBe(false);
    expect(selectIsNewest(messageOf(1))(withState({ entries: [] }))).toBe(false);
  });
});
