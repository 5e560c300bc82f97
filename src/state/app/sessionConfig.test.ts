import { describe, expect, it } from 'vitest';
import { DEMO_MODEL_ID } from '../../llm/defaults';
import { DEFAULT_SETTINGS } from '../store/settings';
import { sessionConfigFrom } from './sessionConfig';

const noRetries = () => undefined;

describe('sessionConfigFrom', () => {
  it('tells the session every setting it uses, from one snapshot', () => {
    const thinking = { enabled: true, budgetTokens: 6000, effort: 'default' as const };
    const templates = [{ name: 'review', text: 'Review: $ARGUMENTS' }];
    const settings = {
      ...DEFAULT_SETTINGS,
      apiKey: 'sk-ant-api03-a-real-looking-key',
      model: 'claude-opus-4-5',
      maxTokens: 4096,
      thinking,
      webSearch: true,
      contextWindowOverride: 120_000,
      promptTemplates: templates,
    };
    const config = sessionConfigFrom(settings, noRetries);
    expect(config).toMatchObject({
      model: 'claude-opus-4-5',
      maxTokens: 4096,
      defaultThinking: thinking,
      webSearch: true,
      contextWindowOverride: 120_000,
      promptTemplates: templates,
      apiKey: 'sk-ant-api03-a-real-looking-key',
    });
    expect(config.client.label).toBe('claude-opus-4-5');
    // The rule for a session's own model is the snapshot's: a session picked its model, so it keeps it.
    expect(config.modelForSession?.('claude-sonnet-4-5')).toBe('claude-sonnet-4-5');
    expect(config.modelForSession?.(DEMO_MODEL_ID)).toBe('claude-opus-4-5');
  });

  it('without a key: the demo model for every session, and no key and no override to pass on', () => {
    const config = sessionConfigFrom(
      { ...DEFAULT_SETTINGS, apiKey: '', contextWindowOverride: 0 },
      noRetries,
    );
    expect(config.model).toBe(DEMO_MODEL_ID);
    expect(config.modelForSession?.('claude-opus-4-5')).toBe(DEMO_MODEL_ID);
    expect(config.apiKey).toBeUndefined();
    expect(config.contextWindowOverride).toBeUndefined();
  });
});
