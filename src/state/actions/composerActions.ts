/** The composer: send, queue, run commands, stop. */

import { builtinCommands, type CommandContext } from '../../core/commands/builtinCommands';
import { parseSlashInput } from '../../core/commands/parseSlashInput';
import { expandPromptTemplate } from '../../core/commands/promptTemplates';
import { NOTHING_TO_HAND_OFF } from '../../core/handoff/handoffMachine';
import { getRuntime, hasRuntime } from '../app/runtime';
import { attachmentsRead } from '../attachments/attachmentActions';
import { outgoingAttachments } from '../attachments/pendingAttachment';
import { messageTooLong } from '../store/composerText';
import { notify, notifyError } from '../store/notices';
import { get, set } from '../store/storeAccess';
import { answerHandoffProposal, userTypedMessage } from './afterReply';
import { startHandoff } from './handoffActions';
import { sendPrompt } from './sendPrompt';
import { newSession, showHelp } from './sessionActions';

const commandContext: CommandContext = {
  showHelp,
  newSession,
  handoff: async (focus) => {
    await startHandoff(focus);
  },
  handoffRefusal: () => getRuntime().session.handoffRefusal(),
};

function isTemplate(name: string): boolean {
  return get().settings.promptTemplates.some((t) => t.name === name);
}

/** Said when Enter is pressed with files while a reply is written: only text can be queued. */
export const FILES_WAIT_FOR_REPLY =
  'Files go with a message once the reply has ended: your text and files stay in the box until then.';

/**
 * The composer's Enter. Commands run, unknown commands keep the text and say so,
 * anything else is sent, or queued when a reply is still being written
 * (`steer` puts it into the next turn instead of after the reply). Attached files go
 * with the text (or alone); files still being read are waited for.
 */
export async function submitComposer(text: string, options: { steer?: boolean } = {}): Promise<void> {
  if (!hasRuntime()) return;
  if (get().readingAttachments > 0) await attachmentsRead();
  const files = get().pendingAttachments;
  if (text.trim() === '' && files.length === 0) return;
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
  const command = parsed.kind === 'command' ? builtinCommands.get(parsed.name) : undefined;
  if (parsed.kind === 'command' && command) {
    // Refused because something is running: keep the text (a handoff's focus) for a
    // retry once it ends. With nothing to hand off the box clears as the spec says.
    const refusal = command.unavailable?.(commandContext);
    if (refusal && refusal !== NOTHING_TO_HAND_OFF) {
      notify(refusal);
      return;
    }
    set({ composerText: '' });
    await command.run(parsed.args, commandContext);
    return;
  }
  // A message the user typed ends a chain of automatic handoffs (see afterReply.ts).
  userTypedMessage();
  const isTemplateCall = parsed.kind === 'command';
  const body = parsed.kind === 'text' ? parsed.text : text;
  if (files.length > 0) {
    if (session.isBusy) {
      notify(FILES_WAIT_FOR_REPLY);
      return;
    }
    // Out of the box while it is sent; a refused send gives them back (see sendPrompt).
    const attachments = outgoingAttachments(files, get().keepOriginalSize);
    set({ composerText: '', pendingAttachments: [], keepOriginalSize: false });
    await sendPrompt(body, text, {
      attachments,
      pendingFiles: files,
      expandPromptTemplates: isTemplateCall,
    });
    return;
  }
  set({ composerText: '' });
  if (session.isBusy) {
    const expanded = isTemplateCall ? expandNow(body) : body;
    session.queue(expanded, options.steer ? 'steering' : 'followUp');
    return;
  }
  await sendPrompt(body, text, {
    expandPromptTemplates: isTemplateCall,
    ...(isTemplateCall && { queued: expandNow(body) }),
  });
}

function expandNow(text: string): string {
  return expandPromptTemplate(text, get().settings.promptTemplates)?.expanded ?? text;
}

/** What the Continue button sends after a reply cut off at the output token limit. */
export const CONTINUE_PROMPT = 'Continue exactly where you stopped.';

/** The Continue button under a reply cut off at the output token limit. */
export async function continueReply(): Promise<void> {
  if (!hasRuntime()) return;
  await sendPrompt(CONTINUE_PROMPT, '');
}

export function removeQueued(kind: 'steering' | 'followUp', index: number): void {
  if (hasRuntime()) getRuntime().session.removeQueued(kind, index);
}

/** Esc: cancels a handoff first, otherwise stops the reply. */
export function stop(): boolean {
  if (!hasRuntime()) return false;
  const { session } = getRuntime();
  if (session.isGeneratingHandoff) return session.abortHandoff();
  // Esc while the model's handoff proposal waits is "Not now": the chat goes on.
  if (session.handoffProposal && !session.handoffProposal.restored) {
    void answerHandoffProposal({ accepted: false });
    return true;
  }
  if (session.isStreaming) {
    session.stopReply();
    return true;
  }
  return false;
}
