/** The composer: send, queue, run commands, continue a cut-off reply, take a queued message out. */

import { builtinCommands, type CommandContext } from '../../core/commands/builtinCommands';
import { parseSlashInput } from '../../core/commands/parseSlashInput';
import { expandPromptTemplate } from '../../core/commands/promptTemplates';
import { NOTHING_TO_HAND_OFF } from '../../core/handoff/handoffMachine';
import { browserOffline } from '../../llm/offline';
import type { LiveSession } from '../app/liveSession';
import { getRuntime, hasRuntime } from '../app/runtime';
import { attachmentsRead } from '../attachments/attachmentActions';
import { holdIfOffline } from '../offline/heldMessages';
import { takeAttachmentsForSend } from '../slices/attachments/actions';
import { selectReadingAttachments } from '../slices/attachments/selectors';
import { clearComposer } from '../slices/composer/actions';
import { messageTooLong } from '../slices/composer/messageText';
import { selectIsTemplate } from '../slices/settings/selectors';
import { notify, notifyError } from '../slices/status/actions';
import { isDemo } from '../store/modelLabel';
import { get } from '../store/storeAccess';
import { userTypedMessage } from './afterReply';
import { runHandoff } from './handoffActions';
import { sendPrompt } from './sendPrompt';
import { newSession, showHelp } from './sessionActions';

/** What the built-in commands may do, in `live`'s session. */
function commandContext(live: LiveSession): CommandContext {
  return {
    showHelp,
    newSession,
    handoff: async (focus) => {
      await runHandoff(live, focus);
    },
    handoffRefusal: () => live.session.handoffRefusal(),
  };
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
  if (selectReadingAttachments(get())) await attachmentsRead();
  const files = get().pendingAttachments;
  if (text.trim() === '' && files.length === 0) return;
  const tooLong = messageTooLong(text);
  if (tooLong) {
    notifyError(tooLong);
    return;
  }
  const live = getRuntime().current;
  const { session } = live;
  const parsed = parseSlashInput(text, (name) => builtinCommands.has(name) || selectIsTemplate(name)(get()));
  if (parsed.kind === 'unknown-command') {
    notifyError(
      `Unknown command: /${parsed.name}. Type / to see the commands, or start with // to send it as text.`,
    );
    return;
  }
  const command = parsed.kind === 'command' ? builtinCommands.get(parsed.name) : undefined;
  if (parsed.kind === 'command' && command) {
    const context = commandContext(live);
    // Refused because something is running: keep the text (a handoff's focus) for a
    // retry once it ends. With nothing to hand off the box clears as the spec says.
    const refusal = command.unavailable?.(context);
    if (refusal && refusal !== NOTHING_TO_HAND_OFF) {
      notify(refusal);
      return;
    }
    clearComposer(text);
    await command.run(parsed.args, context);
    return;
  }
  // A message the user typed ends a chain of automatic handoffs (see afterReply.ts).
  userTypedMessage(live);
  const isTemplateCall = parsed.kind === 'command';
  const body = parsed.kind === 'text' ? parsed.text : text;
  if (files.length > 0) {
    if (session.isBusy) {
      notify(FILES_WAIT_FOR_REPLY);
      return;
    }
    // Out of the box while it is sent; a refused send gives them back (see sendPrompt).
    clearComposer(text);
    const { outgoing, pending } = takeAttachmentsForSend();
    await sendPrompt(live, body, text, {
      attachments: outgoing,
      pendingFiles: pending,
      expandPromptTemplates: isTemplateCall,
    });
    return;
  }
  // To the real API with no network: held, and sent once the connection returns (issue 29).
  // The demo model needs no network; an edit branches from its message and is sent as ever.
  if (
    browserOffline() &&
    !isDemo(get().settings) &&
    get().editingEntryId === null &&
    holdIfOffline(session.header.id, isTemplateCall ? expandNow(body) : body)
  ) {
    clearComposer(text);
    return;
  }
  clearComposer(text);
  if (session.isBusy) {
    const expanded = isTemplateCall ? expandNow(body) : body;
    session.queue(expanded, options.steer ? 'steering' : 'followUp');
    return;
  }
  await sendPrompt(live, body, text, {
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
  await sendPrompt(getRuntime().current, CONTINUE_PROMPT, '');
}

export function removeQueued(kind: 'steering' | 'followUp', index: number): void {
  if (hasRuntime()) getRuntime().session.removeQueued(kind, index);
}
