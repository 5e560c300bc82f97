import { describe, expect, it } from 'vitest';
import type { ModelClient } from './agent/types';
import { DEFAULT_THINKING } from './models/thinking';
import { createSessionHeader } from './session/sessionLog';
import type { SessionConfig } from './sessionPorts';
import { SessionSettings } from './sessionSettings';
import type { SessionHeader } from './types/entry';

const client: ModelClient = { label: 'test', stream: () => Promise.reject(new Error('not here')) };
const base: SessionConfig = { client, model: 'claude-opus-4-5', maxTokens: 2048 };

function settings(config: SessionConfig, header: Partial<SessionHeader> = {}) {
  let current: SessionHeader = {
    ...createSessionHeader({ id: 's', model: 'claude-sonnet-4-5', now: 1 }),
    ...header,
  };
  const made = new SessionSettings(config, () => current);
  return { settings: made, setHeader: (next: Partial<SessionHeader>) => (current = { ...current, ...next }) };
}

describe('SessionSettings', () => {
  it("answers with the default model unless the app's rule picks the session's own", () => {
    expect(settings(base).settings.model).toBe('claude-opus-4-5');
    const { settings: ruled, setHeader } = settings({ ...base, modelForSession: (own) => `${own}!` });
    expect(ruled.model).toBe('claude-sonnet-4-5!');
    setHeader({ model: 'other' });
    expect(ruled.model).toBe('other!');
    expect(ruled.defaultModel).toBe('claude-opus-4-5');
  });

  it('asks the rule once per snapshot and session model, and again for a new one of either', () => {
    const asked: string[] = [];
    const rule = (own: string) => {
      asked.push(own);
      return `${own}!`;
    };
    const { settings: ruled, setHeader } = settings({ ...base, modelForSession: rule });
    expect([ruled.model, ruled.model, ruled.contextWindow > 0 && ruled.model]).toEqual([
      'claude-sonnet-4-5!',
      'claude-sonnet-4-5!',
      'claude-sonnet-4-5!',
    ]);
    expect(asked).toEqual(['claude-sonnet-4-5']);
    setHeader({ model: 'other' });
    expect(ruled.model).toBe('other!');
    ruled.configure({ ...base, modelForSession: (own) => `${own}?` });
    expect(ruled.model).toBe('other?');
    expect(asked).toEqual(['claude-sonnet-4-5', 'other']);
  });

  it("takes the session's thinking, else the default pushed in, else Baton's own", () => {
    const own = { enabled: true, budgetTokens: 5000, effort: 'default' as const };
    const chosen = { enabled: true, budgetTokens: 9000, effort: 'default' as const };
    expect(settings(base).settings.thinking).toEqual(DEFAULT_THINKING);
    expect(settings({ ...base, defaultThinking: chosen }).settings.thinking).toEqual(chosen);
    expect(settings({ ...base, defaultThinking: chosen }, { thinking: own }).settings.thinking).toEqual(own);
  });

  it("sizes the window from the model's table unless the user's override says otherwise", () => {
    expect(settings(base).settings.contextWindow).toBe(200_000);
    expect(settings({ ...base, contextWindowOverride: 50_000 }).settings.contextWindow).toBe(50_000);
    expect(settings({ ...base, contextWindowOverride: 0 }).settings.contextWindow).toBe(200_000);
  });

  it('uses what was pushed in last, the key it redacts included', () => {
    const { settings: made } = settings({ ...base, apiKey: 'sk-ant-first-key-123456' });
    expect(made.redact('key sk-ant-first-key-123456 here')).toBe('key [API key removed] here');
    made.configure({ ...base, maxTokens: 99, webSearch: true, promptTemplates: [{ name: 'x', text: 'y' }] });
    expect(made.redact('key sk-ant-first-key-123456 here')).toBe('key sk-ant-first-key-123456 here');
    expect([made.maxTokens, made.webSearch, made.promptTemplates]).toEqual([
      99,
      true,
      [{ name: 'x', text: 'y' }],
    ]);
  });
});
