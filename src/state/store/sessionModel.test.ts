import { describe, expect, it } from 'vitest';
import { DEMO_MODEL_ID, DEMO_SMALL_MODEL_ID } from '../../llm/defaults';
import { modelForSession } from './sessionModel';
import { DEFAULT_SETTINGS } from './settings';

const withKey = { ...DEFAULT_SETTINGS, apiKey: 'sk-ant-x', model: 'claude-settings-model' };

describe('modelForSession', () => {
  it('uses the session model when there is a key', () => {
    expect(modelForSession(withKey, 'claude-picked-model')).toBe('claude-picked-model');
  });

  it('falls back to the settings model for a session started on the demo, or without a model', () => {
    expect(modelForSession(withKey, DEMO_MODEL_ID)).toBe('claude-settings-model');
    expect(modelForSession(withKey, DEMO_SMALL_MODEL_ID)).toBe('claude-settings-model');
    expect(modelForSession(withKey, '  ')).toBe('claude-settings-model');
  });

  it('is the demo model whenever there is no key', () => {
    expect(modelForSession({ ...DEFAULT_SETTINGS, apiKey: '' }, 'claude-picked-model')).toBe(DEMO_MODEL_ID);
  });

  it('is the small-window demo without a key when the settings name it', () => {
    const settings = { ...DEFAULT_SETTINGS, apiKey: '', model: ` ${DEMO_SMALL_MODEL_ID} ` };
    expect(modelForSession(settings, 'claude-picked-model')).toBe(DEMO_SMALL_MODEL_ID);
    expect(modelForSession(settings, DEMO_MODEL_ID)).toBe(DEMO_SMALL_MODEL_ID);
  });
});
