/**
 * User settings. Everything but the key lives in IndexedDB's settings store; the key
 * is written there only when the user ticked "Remember key on this device", and is
 * otherwise kept in sessionStorage, which lives exactly as long as the tab.
 */

import { clampMaxToolRounds, DEFAULT_MAX_TOOL_ROUNDS } from '../../core/agent/toolRounds';
import type { PromptTemplate } from '../../core/commands/promptTemplates';
import {
  AUTO_HANDOFF_MODES,
  type AutoHandoffMode,
  DEFAULT_AUTO_HANDOFF_LIMIT,
  MAX_AUTO_HANDOFF_LIMIT,
} from '../../core/handoff/autoHandoffSettings';
import type { ModelPrice } from '../../core/models/modelTable';
import { DEFAULT_THINKING, restoreThinking } from '../../core/models/thinking';
import {
  DEFAULT_TRIGGER_PERCENT,
  DEFAULT_TRIGGER_TOKENS,
  DEFAULT_TRIGGER_TURN_COST,
} from '../../core/pricing/triggerSettings';
import type { ThinkingSetting } from '../../core/types/thinking';
import { DEFAULT_BASE_URL, DEFAULT_MAX_TOKENS, DEFAULT_MODEL } from '../../llm/defaults';

export interface Settings {
  apiKey: string;
  baseURL: string;
  model: string;
  maxTokens: number;
  rememberKey: boolean;
  promptTemplates: PromptTemplate[];
  /** Show the captured handoff document in an editor before the new session starts. */
  reviewHandoff: boolean;
  /** After a handoff, send the request the old session left unanswered (instead of putting it back in the box). */
  sendPendingAfterHandoff: boolean;
  /** Past this share of the context window, suggest a handoff (0..1). */
  contextThreshold: number;
  /** Suggest a handoff when the next turn (cache warm) costs more than these dollars; 0: off. */
  handoffTurnCost: number;
  /** Suggest a handoff when the context passes these tokens; 0: off. */
  handoffTokens: number;
  /** What reaching `contextThreshold` does: ask (the banner), hand off automatically, or nothing. */
  autoHandoff: AutoHandoffMode;
  /** Automatic handoffs in a row before the chain stops (a typed message resets the count). */
  autoHandoffLimit: number;
  /** The model's context window in tokens; 0 means "look it up". */
  contextWindowOverride: number;
  /** Consecutive tool rounds a run may take before Baton asks Continue / Stop. */
  maxToolRounds: number;
  theme: 'system' | 'light' | 'dark';
  /** Extended thinking for new sessions (each session keeps its own from then on). */
  thinking: ThinkingSetting;
  /** Declare the API's server-side web search tool in every request. */
  webSearch: boolean;
  /** Declare the API's web fetch tool (beta) in every request (Settings → Tools). */
  webFetch: boolean;
  /** Declare the API's code execution tool (beta) in every request (Settings → Tools). */
  codeExecution: boolean;
  /**
   * Offer the memory tool: a `/memories` directory shared by all sessions (issue 26).
   * Optional, off when absent: no default to keep in the first load.
   */
  memory?: boolean;
  /** The user's prices (dollars per million tokens), by model id, over the model table's. */
  priceOverrides: Record<string, ModelPrice>;
  /**
   * Name each new session with a title the model writes after its first exchange (one
   * short request; state/actions/nameSession.ts). On unless false: settings stored before
   * it had it on, and no default is kept in the first load.
   */
  nameSessions?: boolean;
}

export const DEFAULT_SETTINGS: Settings = {
  apiKey: '',
  baseURL: DEFAULT_BASE_URL,
  model: DEFAULT_MODEL,
  maxTokens: DEFAULT_MAX_TOKENS,
  rememberKey: false,
  promptTemplates: [],
  reviewHandoff: false,
  sendPendingAfterHandoff: false,
  contextThreshold: DEFAULT_TRIGGER_PERCENT,
  handoffTurnCost: DEFAULT_TRIGGER_TURN_COST,
  handoffTokens: DEFAULT_TRIGGER_TOKENS,
  autoHandoff: 'ask',
  autoHandoffLimit: DEFAULT_AUTO_HANDOFF_LIMIT,
  contextWindowOverride: 0,
  maxToolRounds: DEFAULT_MAX_TOOL_ROUNDS,
  theme: 'system',
  thinking: DEFAULT_THINKING,
  webSearch: false,
  webFetch: false,
  codeExecution: false,
  priceOverrides: {},
};

// Defined in storage, so that start-up's early reads (startupReads) need not load this module.
export { SETTINGS_KEY } from '../../storage/sessionRepository';

const TAB_KEY_STORAGE = 'baton.apiKey';

/** What is written to IndexedDB: the key only when remembered. */
export function storedSettings(settings: Settings): Settings {
  return settings.rememberKey ? settings : { ...settings, apiKey: '' };
}

/** Repairs whatever was stored (older versions, hand edits) into valid settings. */
export function restoreSettings(stored: unknown): Settings {
  if (typeof stored !== 'object' || stored === null) return { ...DEFAULT_SETTINGS };
  const s = stored as Partial<Record<keyof Settings, unknown>>;
  const text = (value: unknown, fallback: string) => (typeof value === 'string' ? value : fallback);
  const maxTokens =
    typeof s.maxTokens === 'number' && s.maxTokens > 0 ? Math.floor(s.maxTokens) : DEFAULT_MAX_TOKENS;
  const templates = Array.isArray(s.promptTemplates)
    ? s.promptTemplates.filter(
        (t): t is PromptTemplate =>
          typeof t === 'object' && t !== null && typeof t.name === 'string' && typeof t.text === 'string',
      )
    : [];
  return {
    apiKey: text(s.apiKey, ''),
    baseURL: text(s.baseURL, DEFAULT_BASE_URL) || DEFAULT_BASE_URL,
    model: text(s.model, DEFAULT_MODEL) || DEFAULT_MODEL,
    maxTokens,
    rememberKey: s.rememberKey === true,
    promptTemplates: templates,
    reviewHandoff: s.reviewHandoff === true,
    sendPendingAfterHandoff: s.sendPendingAfterHandoff === true,
    contextThreshold:
      typeof s.contextThreshold === 'number' && s.contextThreshold > 0 && s.contextThreshold <= 1
        ? s.contextThreshold
        : DEFAULT_SETTINGS.contextThreshold,
    handoffTurnCost: nonNegative(s.handoffTurnCost, DEFAULT_SETTINGS.handoffTurnCost),
    handoffTokens: Math.floor(nonNegative(s.handoffTokens, DEFAULT_SETTINGS.handoffTokens)),
    autoHandoff: AUTO_HANDOFF_MODES.find((mode) => mode === s.autoHandoff) ?? DEFAULT_SETTINGS.autoHandoff,
    autoHandoffLimit:
      typeof s.autoHandoffLimit === 'number' &&
      Number.isInteger(s.autoHandoffLimit) &&
      s.autoHandoffLimit >= 1 &&
      s.autoHandoffLimit <= MAX_AUTO_HANDOFF_LIMIT
        ? s.autoHandoffLimit
        : DEFAULT_AUTO_HANDOFF_LIMIT,
    contextWindowOverride:
      typeof s.contextWindowOverride === 'number' && s.contextWindowOverride > 0
        ? Math.floor(s.contextWindowOverride)
        : 0,
    maxToolRounds: clampMaxToolRounds(s.maxToolRounds),
    theme: s.theme === 'light' || s.theme === 'dark' ? s.theme : 'system',
    thinking: restoreThinking(s.thinking),
    webSearch: s.webSearch === true,
    webFetch: s.webFetch === true,
    codeExecution: s.codeExecution === true,
    memory: s.memory === true,
    priceOverrides: restorePriceOverrides(s.priceOverrides),
    nameSessions: s.nameSessions !== false,
  };
}

/** A stored trigger: a finite number ≥ 0 (0 is off), else the default. */
function nonNegative(value: unknown, fallback: number): number {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : fallback;
}

/**
 * Keeps only entries with a model id and four prices that are finite and not negative,
 * each rebuilt from its four numbers (nothing else stored rides along). Built with
 * fromEntries so a model id such as "__proto__" stays an ordinary key.
 */
function restorePriceOverrides(stored: unknown): Record<string, ModelPrice> {
  if (typeof stored !== 'object' || stored === null || Array.isArray(stored)) return {};
  const kept: Array<[string, ModelPrice]> = [];
  for (const [model, value] of Object.entries(stored)) {
    if (!model.trim() || typeof value !== 'object' || value === null) continue;
    const p = value as Partial<Record<keyof ModelPrice, unknown>>;
    const { input, output, cacheWrite, cacheRead } = p;
    if (isPrice(input) && isPrice(output) && isPrice(cacheWrite) && isPrice(cacheRead)) {
      kept.push([model, { input, output, cacheWrite, cacheRead }]);
    }
  }
  return Object.fromEntries(kept);
}

function isPrice(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0;
}

function tabStorage(): Storage | undefined {
  try {
    return typeof sessionStorage === 'undefined' ? undefined : sessionStorage;
  } catch {
    return undefined; // Storage can be disabled by the browser's privacy settings.
  }
}

export function readTabKey(): string {
  return tabStorage()?.getItem(TAB_KEY_STORAGE) ?? '';
}

export function writeTabKey(settings: Settings): void {
  const storage = tabStorage();
  if (!storage) return;
  if (settings.rememberKey || !settings.apiKey) storage.removeItem(TAB_KEY_STORAGE);
  else storage.setItem(TAB_KEY_STORAGE, settings.apiKey);
}
