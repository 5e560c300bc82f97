/**
 * The configuration an AgentSession was last given (see SessionConfig) and what it
 * means for the open session: which model its replies come from, how it thinks, how
 * large its window is, and the key kept out of what leaves the user's hands.
 */

import { clampMaxToolRounds } from './agent/toolRounds';
import type { ModelClient } from './agent/types';
import type { PromptTemplate } from './commands/promptTemplates';
import { contextWindowFor } from './context/contextWindow';
import type { HandoffHintConfig } from './handoff/handoffHint';
import { DEFAULT_THINKING } from './models/thinking';
import { redactSecret } from './redactSecret';
import type { SessionConfig } from './sessionPorts';
import type { SessionHeader } from './types/entry';
import type { ThinkingSetting } from './types/thinking';

export class SessionSettings {
  /** modelForSession's last answer, with the snapshot and session model it was for. */
  private modelAnswer: { config: SessionConfig; sessionModel: string; model: string } | undefined;

  constructor(
    private config: SessionConfig,
    /** The open session's header, read at each question. */
    private readonly header: () => SessionHeader,
  ) {}

  /** Takes a new snapshot; what reads it next sees it. */
  configure(config: SessionConfig): void {
    this.config = config;
  }

  get client(): ModelClient {
    return this.config.client;
  }

  /** The model new sessions start on. */
  get defaultModel(): string {
    return this.config.model;
  }

  get maxTokens(): number {
    return this.config.maxTokens;
  }

  /** Tool rounds a run may take before the user is asked (see toolRounds.ts). */
  get maxToolRounds(): number {
    return clampMaxToolRounds(this.config.maxToolRounds);
  }

  get webSearch(): boolean {
    return this.config.webSearch === true;
  }

  get webFetch(): boolean {
    return this.config.webFetch === true;
  }

  get codeExecution(): boolean {
    return this.config.codeExecution === true;
  }

  /** The memory tool is offered (the user's Memory switch). */
  get memory(): boolean {
    return this.config.memory === true;
  }

  get handoffHint(): HandoffHintConfig | undefined {
    return this.config.handoffHint;
  }

  get promptTemplates(): PromptTemplate[] {
    return this.config.promptTemplates ?? [];
  }

  /**
   * The model the open session's replies are requested from. The snapshot's rule is
   * asked once per snapshot and session model, not at each of a reply's questions: it
   * lives in the app, and a reply should not call up into it.
   */
  get model(): string {
    const sessionModel = this.header().model;
    const known = this.modelAnswer;
    if (known?.config === this.config && known.sessionModel === sessionModel) return known.model;
    const model = this.config.modelForSession?.(sessionModel) ?? this.config.model;
    this.modelAnswer = { config: this.config, sessionModel, model };
    return model;
  }

  /** The open session's thinking: its own choice, else the Settings default. */
  get thinking(): ThinkingSetting {
    return this.header().thinking ?? this.config.defaultThinking ?? DEFAULT_THINKING;
  }

  /** The window of the open session's model, in tokens (the user's override wins). */
  get contextWindow(): number {
    return contextWindowFor(this.model, this.config.contextWindowOverride);
  }

  /** `text` without the user's API key. */
  redact(text: string): string {
    return redactSecret(text, this.config.apiKey);
  }
}
