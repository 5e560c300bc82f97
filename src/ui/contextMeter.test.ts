import { describe, expect, it } from 'vitest';
import { HANDOFF_PROMPT_MARKER } from '../core/handoff/handoffPrompt';
import type { SessionEntry } from '../core/types/entry';
import type { Message, Usage } from '../core/types/message';
import { DEFAULT_SETTINGS } from '../state/store/settings';
import { contextMeterView, formatTokens, parsePercent, parseWindowOverride } from './contextMeter';

let next = 0;
function message(role: 'user' | 'assistant', usage?: Usage, extra: Partial<Message> = {}): SessionEntry {
  next += 1;
  return {
    id: `e${next}`,
    parentId: null,
    sessionId: 's',
    timestamp: next,
    type: 'message',
    message: { role, content: [{ type: 'text', text: 'hi' }], ...(usage && { usage }), ...extra },
  };
}

const usage = (input: number, output: number, cacheRead = 0, cacheWrite = 0): Usage => ({
  input,
  output,
  cacheRead,
  cacheWrite,
});

describe('formatTokens', () => {
  it('keeps three significant digits with k and M', () => {
    expect(formatTokens(950)).toBe('950');
    expect(formatTokens(12_345)).toBe('12.3k');
    expect(formatTokens(16_000)).toBe('16k');
    expect(formatTokens(199_900)).toBe('200k');
    expect(formatTokens(200_000)).toBe('200k');
    expect(formatTokens(999_700)).toBe('1M');
    expect(formatTokens(1_500_000)).toBe('1.5M');
  });
});

describe('contextMeterView', () => {
  const keyed = { ...DEFAULT_SETTINGS, apiKey: 'sk', model: 'claude-sonnet-4-5' };

  it('counts input, cache reads, cache writes and output against the model window', () => {
    const view = contextMeterView([message('assistant', usage(10_000, 300, 1_500, 500))], keyed);
    expect(view).toMatchObject({ used: 12_300, window: 200_000, label: '12.3k / 200k', percent: 6 });
    expect(view.measured).toBe(true);
    expect(view.overThreshold).toBe(false);
  });

  it('counts nothing of a cancelled handoff: its instruction and half document are sent nowhere', () => {
    const before = [message('user'), message('assistant', usage(10_000, 300))];
    const instruction = message('user', undefined, {
      content: [{ type: 'text', text: `${HANDOFF_PROMPT_MARKER}\n${'Write the document. '.repeat(200)}` }],
    });
    const partial = message('assistant', usage(12_000, 900), {
      content: [{ type: 'text', text: '## Goal\nShip it.' }],
      stopReason: 'aborted',
    });
    expect(contextMeterView([...before, instruction, partial], keyed).used).toBe(10_300);
  });

  it('uses the demo window without a key and the override when set', () => {
    const entries = [message('assistant', usage(8_000, 0))];
    expect(contextMeterView(entries, DEFAULT_SETTINGS).window).toBe(16_000);
    expect(contextMeterView(entries, { ...keyed, contextWindowOverride: 10_000 }).label).toBe('8k / 10k');
  });

  it('is full, red and over the threshold after a length refusal, with the numbers the API gave', () => {
    const refused = message('assistant', undefined, {
      content: [],
      stopReason: 'error',
      contextOverflow: { tokens: 219_898, limit: 200_000 },
    });
    const view = contextMeterView([message('assistant', usage(40, 2)), message('user'), refused], keyed);
    expect(view).toMatchObject({
      used: 219_898,
      window: 200_000,
      full: true,
      overThreshold: true,
      percent: 100,
    });
    expect(view.label).toBe('220k / 200k');
    // Without numbers (a 413), the window is full.
    const unsized = message('assistant', undefined, {
      content: [],
      stopReason: 'error',
      contextOverflow: {},
    });
    expect(contextMeterView([unsized], keyed)).toMatchObject({ used: 200_000, full: true, percent: 100 });
  });

  it('is full when the window filled while the reply was written', () => {
    const cut = message('assistant', usage(190_000, 10_000), { stopReason: 'model_context_window_exceeded' });
    expect(contextMeterView([cut], keyed)).toMatchObject({ full: true, overThreshold: true, percent: 100 });
  });

  it('counts a fresh handoff session from its document and system prompt, before any reply', () => {
    const handoff: SessionEntry = {
      id: 'h',
      parentId: null,
      sessionId: 's',
      timestamp: 1,
      type: 'custom_message',
      customType: 'handoff',
      content: 'x'.repeat(7_000),
      display: true,
    };
    const view = contextMeterView([handoff], keyed);
    expect(view.used).toBeGreaterThan(2_000);
    expect(view.measured).toBe(true);
    expect(view.full).toBe(false);
  });

  it('does not raise the banner on an estimate alone', () => {
    const long = message('user', undefined, { content: [{ type: 'text', text: 'y'.repeat(700_000) }] });
    const view = contextMeterView([long], keyed);
    expect(view.used).toBeGreaterThan(150_000);
    expect(view.overThreshold).toBe(false);
  });

  it('adds what was written since the last reported usage', () => {
    const long = message('user', undefined, { content: [{ type: 'text', text: 'y'.repeat(35_000) }] });
    const view = contextMeterView([message('assistant', usage(1_000, 0)), long], keyed);
    expect(view.used).toBeGreaterThanOrEqual(11_000);
  });

  it('is over the threshold from the threshold on, and never before anything is in it', () => {
    const at = (used: number, threshold: number) =>
      contextMeterView([message('assistant', usage(used, 0))], { ...keyed, contextThreshold: threshold });
    expect(at(149_999, 0.75).overThreshold).toBe(false);
    expect(at(150_000, 0.75).overThreshold).toBe(true);
    expect(at(120_000, 0.5).overThreshold).toBe(true);
    expect(contextMeterView([], { ...keyed, contextThreshold: 0.01 })).toMatchObject({
      measured: false,
      overThreshold: false,
      used: 0,
    });
  });
});

describe('settings fields', () => {
  it('reads a percentage of 1 to 100 as a fraction', () => {
    expect(parsePercent('80')).toBe(0.8);
    expect(parsePercent(' 100 ')).toBe(1);
    expect(parsePercent('0')).toBeNull();
    expect(parsePercent('101')).toBeNull();
    expect(parsePercent('')).toBeNull();
    expect(parsePercent('7e1')).toBeNull();
  });

  it('reads a window override as a whole number, empty meaning none', () => {
    expect(parseWindowOverride('')).toBe(0);
    expect(parseWindowOverride('32000')).toBe(32_000);
    expect(parseWindowOverride('-5')).toBeNull();
    expect(parseWindowOverride('1.5')).toBeNull();
  });
});
