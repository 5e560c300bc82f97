/**
 * An MCP tool call in the chat: the tool and its server, and where the call stands
 * (waiting for permission, running with the seconds it has taken and the server's
 * progress, done, failed with its sentence, denied), expandable to the arguments and
 * the result. Everything a server or the model wrote is drawn as text with its hidden
 * characters shown; a long result is cut in view until Show all. Its own chunk, loaded
 * with the first MCP call drawn (toolCards.tsx).
 */
import { useEffect, useRef, useState } from 'react';
import type { ToolResultBlock } from '../../../core/types/message';
import { toolResultImages, toolResultTextBlocks } from '../../../core/types/toolResultContent';
import { useBaton, useBatonShallow } from '../../../state/store/useBaton';
import { shownName, shownText } from '../../text/revealInvisibles';
import { CallDetails } from './CallDetails';
import { mcpCallOwner, mcpToolOwner, ownerLabel } from './mcpCallOwner';
import {
  isInLatestReply,
  type McpCallStatus,
  mcpCallStatus,
  resultBody,
  statusAnnouncement,
  statusLabel,
} from './mcpCallStatus';
import { ResultText } from './ResultText';
import type { ToolCallProps } from './toolRenderer';
import { toolResultOf } from './toolResult';
import { announceToolStatus, toolStatusRegion } from './toolStatusAnnouncer';
import { shownValue } from './toolValue';
import './mcpToolCard.css';

const secondsSince = (start: number) => Math.max(0, Math.floor((Date.now() - start) / 1000));

/**
 * Whole seconds since the call started running (`startedAt`, from the store), or 0 when
 * it is not running. Counted from the store's moment rather than this card's mount, so a
 * card drawn again (scrolled out and back, the chat reopened) shows the same seconds.
 */
function useRunningSeconds(startedAt: number | undefined): number {
  const [seconds, setSeconds] = useState(() => (startedAt === undefined ? 0 : secondsSince(startedAt)));
  useEffect(() => {
    if (startedAt === undefined) return;
    setSeconds(secondsSince(startedAt));
    const timer = setInterval(() => setSeconds(secondsSince(startedAt)), 1000);
    return () => clearInterval(timer);
  }, [startedAt]);
  return startedAt === undefined ? 0 : seconds;
}

/** The call's status (mcpCallStatus.ts) from the store as it is now, with the facts it was read from. */
function useCallStatus({ call, message, streaming }: ToolCallProps) {
  const result = useBaton((s) => toolResultOf(s.entries, call.id));
  const request = useBaton((s) => s.toolPermissions.find((candidate) => candidate.callId === call.id));
  const waiting = request !== undefined;
  const progress = useBaton((s) => s.toolProgress[call.id]);
  const live = useBaton((s) => streaming || (s.isStreaming && isInLatestReply(s.entries, call.id)));
  // What this card has seen happen: a call that ran and is done waits for its result without progress.
  const [seen, setSeen] = useState({ asked: false, ran: false });
  useEffect(() => {
    if (waiting) setSeen((was) => (was.asked ? was : { ...was, asked: true }));
    if (progress) setSeen((was) => (was.ran ? was : { ...was, ran: true }));
  }, [waiting, progress]);
  const others = message.content.some((block) => block.type === 'tool_use' && block.id !== call.id);
  const status = mcpCallStatus({
    ...(result && { result }),
    ...(progress && { progress }),
    waiting,
    live,
    asked: seen.asked || waiting,
    ran: seen.ran || progress !== undefined,
    others,
  });
  return { status, result, request, progress };
}

/** Tells screen readers that the call started running and how it ended (one region for the page). */
function useAnnouncedStatus(kind: McpCallStatus['kind'], label: string): void {
  const before = useRef<McpCallStatus['kind'] | undefined>(undefined);
  // The region exists before anything is said in it, so the first announcement is read.
  useEffect(() => {
    toolStatusRegion();
  }, []);
  useEffect(() => {
    const text = statusAnnouncement(before.current, kind, label);
    before.current = kind;
    if (text) announceToolStatus(text);
  }, [kind, label]);
}

/**
 * The images a result carries, drawn as images (never run: an <img> of one of the four
 * raster types the result was checked against), each named by the tool and its place.
 */
function ResultImages({ content, tool }: { content: ToolResultBlock['content']; tool: string }) {
  const images = toolResultImages(content);
  if (images.length === 0) return null;
  return (
    <div className="mcp-tool-images">
      {images.map((image, index) => (
        <img
          // The images of a stored result never change order: the index is their identity.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          key={index}
          src={`data:${image.source.media_type};base64,${image.source.data}`}
          alt={`Returned by ${tool}, ${index + 1} of ${images.length}`}
          loading="lazy"
        />
      ))}
    </div>
  );
}

export function McpToolCard(props: ToolCallProps) {
  const { call } = props;
  const { status, result, request, progress } = useCallStatus(props);
  const listed = useBatonShallow((s) => mcpToolOwner(s.mcpServers, call.name));
  const told = request
    ? { server: request.serverName, tool: request.tool }
    : progress
      ? { server: progress.serverName, tool: progress.tool }
      : listed;
  const owner = mcpCallOwner(call.name, told);
  // Names, progress and results are the server's and the model's words: hidden characters shown.
  const label = ownerLabel(owner, shownName);
  const seconds = useRunningSeconds(status.kind === 'running' ? progress?.startedAt : undefined);
  useAnnouncedStatus(status.kind, label);
  const args = shownText(shownValue(call.input ?? {}));
  return (
    <section className="tool-call tool-card mcp-tool-card" aria-label={label}>
      <div className="mcp-tool-head">
        <code>{shownName(owner.tool)}</code> <span className="muted">on {shownName(owner.server)}</span>
        {' · '}
        <span className="mcp-tool-status" data-status={status.kind}>
          {statusLabel(status, seconds, shownName)}
        </span>
      </div>
      <CallDetails args={args} error={result?.is_error === true}>
        {result ? (
          <>
            <ResultText text={shownText(resultBody(toolResultTextBlocks(result.content)))} />
            <ResultImages content={result.content} tool={shownName(owner.tool)} />
          </>
        ) : (
          <div className="tool-card-pending">
            {status.kind === 'no_result' ? 'No result.' : 'No result yet.'}
          </div>
        )}
      </CallDetails>
    </section>
  );
}
