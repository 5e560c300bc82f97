/**
 * The AgentSession the app runs: the same session layer, but a reply or a handoff only
 * starts while this tab holds the session's Web Lock (see sessionLock.ts). The core stays
 * free of browser APIs; the lock is wrapped around its two entry points here.
 */
import { AgentSession, type HandoffOptions, type PromptOptions } from '../../core/agentSession';
import { HandoffRefused, type HandoffResult } from '../../core/handoff/handoffMachine';
import { BUSY_IN_ANOTHER_TAB, SessionBusyElsewhereError, withSessionLock } from './sessionLock';

export class LockedAgentSession extends AgentSession {
  /** Lock requests not answered yet: the session counts as busy meanwhile, so text typed then is queued. */
  private asking = 0;

  override get isBusy(): boolean {
    return this.asking > 0 || super.isBusy;
  }

  /** Rejects with SessionBusyElsewhereError (nothing appended or sent) if another tab is writing here. */
  override async prompt(text: string, options: PromptOptions = {}): Promise<void> {
    const outcome = await this.exclusively(() => super.prompt(text, options));
    if (!outcome.acquired) throw new SessionBusyElsewhereError();
  }

  override async handoff(customInstructions?: string, options?: HandoffOptions): Promise<HandoffResult> {
    const outcome = await this.exclusively(() => super.handoff(customInstructions, options));
    // HandoffRefused is what the handoff action already shows as a plain notice.
    if (!outcome.acquired) throw new HandoffRefused(BUSY_IN_ANOTHER_TAB);
    return outcome.value;
  }

  private async exclusively<T>(run: () => Promise<T>) {
    this.asking += 1;
    let decided = false;
    const decide = () => {
      if (decided) return;
      decided = true;
      this.asking -= 1;
    };
    try {
      return await withSessionLock(this.header.id, run, decide);
    } finally {
      decide();
    }
  }
}
