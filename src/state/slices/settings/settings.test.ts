import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SessionHeader } from '../../../core/types/entry';
import { DEFAULT_SETTINGS, readTabKey, type Settings } from '../../store/settings';
import { batonStore, initialState, resetBatonStore } from '../../store/store';
import { applySettings, openSettings } from './actions';
import { initialSettingsState } from './initialState';
import { selectIsTemplate, selectRecentModels } from './selectors';

const state = () => batonStore.getState();

/** The tab's sessionStorage, which Node does not have. */
function tabStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => items.delete(key),
    setItem: (key, value) => items.set(key, value),
  };
}

const header = (id: string, model: string, updatedAt: number): SessionHeader => ({
  id,
  title: id,
  createdAt: 0,
  updatedAt,
  model,
  leafId: null,
  children: [],
});

beforeEach(() => {
  resetBatonStore();
  vi.stubGlobal('sessionStorage', tabStorage());
});
afterEach(() => vi.unstubAllGlobals());

describe('settings slice: initial state', () => {
  it('starts from the default settings, dialog closed', () => {
    expect(initialSettingsState).toEqual({
      settings: DEFAULT_SETTINGS,
      settingsOpen: false,
      settingsSection: null,
    });
    expect(state().settings).toBe(DEFAULT_SETTINGS);
    // No key by default: the offline demo answers until one is given.
    expect(DEFAULT_SETTINGS.apiKey).toBe('');
  });
});

describe('settings slice: actions', () => {
  it('openSettings opens and closes the dialog', () => {
    openSettings(true);
    expect(state().settingsOpen).toBe(true);
    openSettings(false);
    expect(state().settingsOpen).toBe(false);
  });

  it('applySettings puts the settings in effect and keeps a key not remembered in the tab only', () => {
    const next: Settings = { ...DEFAULT_SETTINGS, apiKey: 'sk-tab', model: 'claude-x' };
    applySettings(next);
    expect(state().settings).toBe(next);
    expect(readTabKey()).toBe('sk-tab');
  });

  it('applySettings with the key remembered on the device, or no key, clears the tab’s copy', () => {
    applySettings({ ...DEFAULT_SETTINGS, apiKey: 'sk-tab' });
    applySettings({ ...DEFAULT_SETTINGS, apiKey: 'sk-device', rememberKey: true });
    expect(readTabKey()).toBe('');
    applySettings({ ...DEFAULT_SETTINGS, apiKey: 'sk-tab' });
    applySettings({ ...DEFAULT_SETTINGS, apiKey: '' });
    expect(readTabKey()).toBe('');
    expect(state().settings.apiKey).toBe('');
  });

  it('applySettings works where the tab has no storage (privacy settings)', () => {
    vi.stubGlobal('sessionStorage', undefined);
    applySettings({ ...DEFAULT_SETTINGS, apiKey: 'sk-x' });
    expect(state().settings.apiKey).toBe('sk-x');
  });
});

describe('settings slice: selectors', () => {
  const templates = [{ name: 'review', text: 'Review $ARGUMENTS' }];

  it('selectIsTemplate names only the user’s templates', () => {
    const s = { ...initialState, settings: { ...DEFAULT_SETTINGS, promptTemplates: templates } };
    expect(selectIsTemplate('review')(s)).toBe(true);
    expect(selectIsTemplate('Review')(s)).toBe(false);
    expect(selectIsTemplate('handoff')(s)).toBe(false);
  });

  it('selectRecentModels lists the Settings model first, then the sessions’ models, once each, without demos or blanks', () => {
    const sessions = [
      header('a', 'claude-b', 3),
      header('b', 'baton-demo', 2),
      header('c', 'claude-a', 1),
      header('d', '', 0),
      header('e', 'baton-demo-small', 0),
    ];
    const s = { ...initialState, sessions, settings: { ...DEFAULT_SETTINGS, model: 'claude-a' } };
    expect(selectRecentModels(s)).toEqual(['claude-a', 'claude-b']);
    expect(selectRecentModels({ ...s, settings: { ...DEFAULT_SETTINGS, model: 'baton-demo' } })).toEqual([
      'claude-b',
      'claude-a',
    ]);
  });
});
