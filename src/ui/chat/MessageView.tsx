import { memo, useMemo } from 'react';
import { filesOf } from '../../core/attachments/attachmentTypes';
import { CONTEXT_WINDOW_EXCEEDED_NOTE, overflowOf } from '../../core/context/lengthRefusal';
import { HANDOFF_PROMPT_MARKER } from '../../core/handoff/handoffMarkers';
import type { Message } from '../../core/types/message';
import { textOf } from '../../core/types/messageText';
import { continueReply, startHandoff } from '../../state/actions/actions';
import { selectIsNewest } from '../../state/store/selectors';
import { useBaton } from '../../state/store/useBaton';
import { lazyPart } from '../lazyPart';
import { Markdown } from '../markdown/Markdown';
import { PlainText } from '../text/PlainText';
import { shownName } from '../text/revealInvisibles';
import { citedText, type Source } from './citedText';
import { ReplyError } from './ReplyError';
import { RetryCountdown } from './RetryCountdown';
import { ThoughtView } from './ThoughtView';
import { ToolCalls } from './tools/ToolCalls';

const STOP_NOTES: Partial<Record<NonNullable<Message['stopReason']>, string>> = {
  aborted: 'Stopped',
  interrupted: 'Interrupted: the page was closed or reloaded while this reply was being written',
  max_tokens: 'Cut off at the output token limit',
  model_context_window_exceeded: CONTEXT_WINDOW_EXCEEDED_NOTE,
};

/** Said when the model declined without saying why. */
export const REFUSAL_NOTE = 'The model declined to answer this message.';

/**
 * What to do next, right under the reply that needs it, while it is the newest one
 * (after a handoff or a later reply it has done its job): Hand off when the conversation
 * no longer fits, Continue when the reply was cut off at the output token limit.
 */
function NextStepAction({ message }: { message: Message }) {
  const newest = useBaton(selectIsNewest(message));
  if (!newest) return null;
  if (overflowOf(message)) {
    return (
      <button type="button" className="primary message-action" onClick={() => void startHandoff('')}>
        Hand off
      </button>
    );
  }
  if (message.stopReason === 'max_tokens') {
    return (
      <button type="button" className="message-action" onClick={() => void continueReply()}>
        Continue
      </button>
    );
  }
  return null;
}

/** A pause the app continued says so quietly; one left paused (the limit) says what to do. */
function PauseNote({ message }: { message: Message }) {
  const newest = useBaton(selectIsNewest(message));
  return (
    <div className="stop-note">
      {newest
        ? 'Paused by the API during a long turn. Send a message to let the model go on.'
        : 'Paused by the API during a long turn, and continued.'}
    </div>
  );
}

function UserMessage({ message, failed }: { message: Message; failed: boolean }) {
  const text = textOf(message);
  if (text.startsWith(HANDOFF_PROMPT_MARKER)) {
    return (
      <article className="message message-user message-handoff-prompt" aria-label="Handoff request">
        <details>
          <summary>Handoff request (the instruction sent to the model)</summary>
          <pre className="handoff-instruction">
            <PlainText text={text.slice(HANDOFF_PROMPT_MARKER.length).trim()} />
          </pre>
        </details>
      </article>
    );
  }
  const attachments = filesOf(message.content);
  return (
    <article
      className={`message message-user${failed ? ' message-failed' : ''}`}
      aria-label="You"
      {...(failed && { 'data-failed': 'true' })}
    >
      {attachments.length > 0 && <MessageAttachments attachments={attachments} />}
      {(text || attachments.length === 0) && (
        <div className="user-text">
          <PlainText text={text} />
        </div>
      )}
      {failed && <p className="failed-note">Not answered: the reply below failed.</p>}
    </article>
  );
}

/** The sources a reply cites, numbered as its marks are. */
function SourceList({ sources }: { sources: Source[] }) {
  if (sources.length === 0) return null;
  return (
    <ol className="sources" aria-label="Sources">
      {sources.map((source) => (
        <li key={source.url}>
          <a href={source.url} target="_blank" rel="noopener noreferrer">
            {shownName(source.title)}
          </a>
        </li>
      ))}
    </ol>
  );
}

function AssistantMessage({
  message,
  streaming,
  entryId,
}: {
  message: Message;
  streaming: boolean;
  entryId: string | undefined;
}) {
  const { text, sources } = useMemo(() => citedText(message), [message]);
  const note = message.stopReason ? STOP_NOTES[message.stopReason] : undefined;
  return (
    <article
      className={`message message-assistant${streaming ? ' streaming' : ''}`}
      aria-label="Assistant"
      aria-busy={streaming}
      data-stop-reason={message.stopReason}
    >
      <ThoughtView message={message} streaming={streaming} />
      {/* The API's tools (web search) ran while the reply was written, so they come before
          its text; the app's own tools run after it, so their calls follow it. */}
      <ToolCalls message={message} streaming={streaming} kind="server_tool_use" />
      <ToolCalls message={message} streaming={streaming} kind="mcp_tool_use" />
      {text && <Markdown text={text} streaming={streaming} />}
      <SourceList sources={sources} />
      <ToolCalls message={message} streaming={streaming} kind="tool_use" />
      {streaming && !text && message.content.every((b) => b.type === 'text') && <RetryCountdown />}
      {note && <div className="stop-note">{note}</div>}
      {message.stopReason === 'pause_turn' && <PauseNote message={message} />}
      {message.stopReason === 'refusal' && (
        <div className="message-error">{message.refusal?.explanation || REFUSAL_NOTE}</div>
      )}
      {message.stopReason === 'error' && message.errorMessage && (
        <ReplyError message={message} entryId={entryId} />
      )}
      {!streaming && (overflowOf(message) || message.stopReason === 'max_tokens') && (
        <NextStepAction message={message} />
      )}
    </article>
  );
}

/** Memoised on the message object: finished messages never re-render while another streams. */
export const MessageView = memo(function MessageView({
  message,
  streaming = false,
  entryId,
  failed = false,
}: {
  message: Message;
  streaming?: boolean;
  /** The message's entry, for the actions its error offers (none in previews). */
  entryId?: string;
  /** A user message whose reply failed before saying anything. */
  failed?: boolean;
}) {
  if (message.role === 'user') return <UserMessage message={message} failed={failed} />;
  if (message.role === 'assistant')
    return <AssistantMessage message={message} streaming={streaming} entryId={entryId} />;
  // Tool results are for the model; the tool call above already says what happened.
  return null;
});

// Thumbnails load with the first message that has files: most sessions have none (bench P5).
const MessageAttachments = lazyPart(() => import('./MessageAttachments').then((m) => m.MessageAttachments));
