import { describe, expect, it } from 'vitest';
import type { SessionHeader } from '../../core/types/entry';
import {
  selectBusy,
  selectCurrentModel,
  selectHandedOffTo,
  selectHandoffActive,
  selectInChain,
  selectRecentModels,
} from './selectors';
import { type BatonState, initialState } from './store';

const header = (id: string, extra: Partial<SessionHeader> = {}): SessionHeader => ({
  id,
  title: id,
  createdAt: 0,
  updatedAt: 0,
  model: 'claude-a',
  leafId: null,
  children: [],
  ...extra,
});
const state = (patch: Partial<BatonState>): BatonState => ({ ...initialState, ...patch });

describe('selectors', () => {
  it('count a handoff as active while generating, reviewing or switching, and busy with a reply too', () => {
    for (const status of ['generating', 'reviewing', 'switching'] as const) {
      const handoff = status === 'generating' ? { status, startedAt: 0 } : { status, document: 'doc' };
      expect(selectHandoffActive(state({ handoff }))).toBe(true);
      expect(selectBusy(state({ handoff }))).toBe(true);
    }
    expect(
      selectHandoffActive(state({ handoff: { status: 'done', document: 'd', newSessionId: 'n' } })),
    ).toBe(false);
    expect(selectBusy(state({ isStreaming: true }))).toBe(true);
    expect(selectBusy(state({}))).toBe(false);
  });

  it('suggest the models used, newest first, once each, without the demos', () => {
    const sessions = [header('a', { model: 'claude-b' }), header('b', { model: 'baton-demo' }), header('c')];
    const s = state({ sessions, settings: { ...initialState.settings, model: 'claude-a' } });
    expect(selectRecentModels(s)).toEqual(['claude-a', 'claude-b']);
  });

  it('read the open session: its model, its chain, where it was handed off to', () => {
    const settings = { ...initialState.settings, apiKey: 'sk-key' };
    const sessions = [
      header('p', { children: ['c'], model: 'claude-old' }),
      header('c', { parentSession: 'p' }),
    ];
    const open = (id: string | null) => state({ sessions, settings, activeSessionId: id });
    expect(selectCurrentModel(open('p'))).toBe('claude-old');
    expect(selectInChain(open('p'))).toBe(true);
    expect(selectInChain(open('c'))).toBe(true);
    expect(selectHandedOffTo(open('p'))).toEqual(['c']);
    // Missing (just deleted): the same empty list every time, so React sees no change.
    expect(selectHandedOffTo(open('gone'))).toBe(selectHandedOffTo(open(null)));
    expect(selectInChain(state({ sessions: [header('x')], activeSessionId: 'x' }))).toBe(false);
  });
});
