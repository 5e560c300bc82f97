/** The composer: send, queue, run commands, stop. */
import { AgentBusyError } from '../core/agent/agent';
import { parseSlashInput } from '../core/commands/parseSlashInput';
import { expandPromptTemplate } from '../core/commands/promptTemplates';
import { NOTHING_TO_HAND_OFF } from '../core/handoff/handoffMachine';
import { builtinCommands, type CommandContext } from './builtinCommands';
import { startHandoff } from './handoffActions';
import { notify, notifyError } from './notices';
import { getRuntime, hasRuntime } from './runtime';
import { newSession, showHelp } from './sessionActions';
import { errorText, get, set } from './storeAccess';
import { returnToComposer } from './tabSync/returnToComposer';
import { SessionBusyElsewhereError } from './tabSync/sessionLock';

/**
 * The longest message the composer takes: about 125k tokens, most of a context window in
 * one message, so anything longer is a mistake (a paste of the wrong file). It is also
 * what a textarea can hold without freezing the page: Chromium needs tens of seconds to
 * lay out 5 MB of text, so a longer paste is refused before it reaches the box, whole and
 * with a sentence saying so, never cut.
 */
export const MAX_MESSAGE_CHARS = 500_000;

/** C0 and C1 control characters and DEL, except tab and newline (and \r, which textareas turn into \n). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point.
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/g;

/** The text with its invisible control characters removed, and how many there were. */
export function stripControlCharacters(text: string): { text: string; removed: number } {
  let removed = 0;
  const clean = text.replace(CONTROL_CHARACTERS, () => {
    removed += 1;
    return '';
  });
  return { text: clean, removed };
}

/** The sentence for a message over the limit, or null when it may be sent. */
export function messageTooLong(text: string): string | null {
  if (text.length <= MAX_MESSAGE_CHARS) return null;
  const count = (n: number) => n.toLocaleString('en-US');
  return `That text would make the message ${count(text.length)} characters long; the limit is ${count(MAX_MESSAGE_CHARS)}. Nothing was added: paste a smaller part.`;
}

/**
 * Control characters (from a terminal, a binary file) are invisible in the box, would
 * reach the model as noise and can confuse rendering: they are removed as they arrive,
 * and the user is told, so nothing disappears silently. Text past MAX_MESSAGE_CHARS is
 * refused whole, with a sentence.
 */
export function setComposerText(text: string): void {
  const { text: clean, removed } = stripControlCharacters(text);
  const tooLong = messageTooLong(clean);
  if (tooLong) {
    // The box keeps what it had (React puts the old value back before the next frame).
    notifyError(tooLong);
    return;
  }
  set({ composerText: clean });
  if (removed > 0)
    notify(
      `Removed ${removed} invisible control ${removed === 1 ? 'character' : 'characters'} from the message.`,
    );
}

const commandContext: CommandContext = {
  showHelp,
  newSession,
  handoff: startHandoff,
};

function isTemplate(name: string): boolean {
  return get().settings.promptTemplates.some((t) => t.name === name);
}

/**
 * The composer's Enter. Commands run, unknown commands keep the text and say so,
 * anything else is sent, or queued when a reply is still being written
 * (`steer` puts it into the next turn instead of after the reply).
 */
export async function submitComposer(text: string, options: { steer?: boolean } = {}): Promise<void> {
  if (!hasRuntime() || text.trim() === '') return;
  const tooLong = messageTooLong(text);
  if (tooLong) {
    notifyError(tooLong);
    return;
  }
  const { session } = getRuntime();
  const parsed = parseSlashInput(text, (name) => builtinCommands.has(name) || isTemplate(name));
  if (parsed.kind === 'unknown-command') {
    notifyError(
      `Unknown command: /${parsed.name}. Type / to see the commands, or start with // to send it as text.`,
    );
    return;
  }
  if (parsed.kind === 'command' && builtinCommands.has(parsed.name)) {
    // Refused because something is running: keep the text (the focus) for a retry
    // once it ends. With nothing to hand off the box clears as the spec says.
    const refusal = parsed.name === 'handoff' ? session.handoffs.refusal() : undefined;
    if (refusal && refusal !== NOTHING_TO_HAND_OFF) {
      notify(refusal);
      return;
    }
    set({ composerText: '' });
    await builtinCommands.get(parsed.name)?.run(parsed.args, commandContext);
    return;
  }
  const isTemplateCall = parsed.kind === 'command';
  const body = parsed.kind === 'text' ? parsed.text : text;
  set({ composerText: '' });
  if (session.isBusy) {
    const expanded = isTemplateCall ? expandNow(body) : body;
    session.queue(expanded, options.steer ? 'steering' : 'followUp');
    return;
  }
  // Busy from the moment of sending: the tab lock is asked for before agent_start.
  set({ isStreaming: true });
  try {
    await session.prompt(body, { expandPromptTemplates: isTemplateCall });
  } catch (error) {
    if (error instanceof AgentBusyError) session.queue(isTemplateCall ? expandNow(body) : body, 'followUp');
    else if (error instanceof SessionBusyElsewhereError) returnToComposer(text, error.message);
    else notifyError(errorText(error));
  } finally {
    if (!session.agent.isStreaming) set({ isStreaming: false });
  }
}

function expandNow(text: string): string {
  return expandPromptTemplate(text, get().settings.promptTemplates)?.expanded ?? text;
}

export function removeQueued(kind: 'steering' | 'followUp', index: number): void {
  if (hasRuntime()) getRuntime().session.agent.removeQueued(kind, index);
}

/** Esc: cancels a handoff first, otherwise stops the reply. */
export function stop(): boolean {
  if (!hasRuntime()) return false;
  const { session } = getRuntime();
  if (session.isGeneratingHandoff) return session.abortHandoff();
  if (session.agent.isStreaming) {
    session.agent.abort();
    return true;
  }
  return false;
}
