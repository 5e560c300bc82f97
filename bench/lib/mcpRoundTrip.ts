/**
 * P16's arithmetic, apart from the browser so a test can hold it: one MCP tool round trip
 * as the mock Messages API and the test MCP server saw it, all on one clock (the bench
 * process's `performance.now()`, which both servers stamp their requests with).
 *
 * The client's own time is from the last byte of the reply that calls the tool (the mock's
 * answer with `message_stop` handed to the network) to the follow-up request's arrival at
 * the mock, less the time the MCP server spent answering the requests it got in between.
 */

/** A request the MCP server answered: when its answer's last byte left, and how long it took. */
export interface ServerRequest {
  /** `performance.now()` when the answer had been handed to the network. */
  at: number;
  durationMs: number;
  /** `POST /mcp`, `GET /mcp`, … */
  detail?: string;
}

export interface RoundTripStamps {
  /** When the mock had written the tool_use reply's last event. */
  toolUseEnd: number;
  /** When the follow-up request (with the tool_result) arrived at the mock. */
  followUpArrival: number;
  /** Every request the MCP server logged (any time): those inside the window are taken. */
  serverRequests: readonly ServerRequest[];
}

export interface RoundTrip {
  /** The client's own time: the window less the server's. */
  ms: number;
  /** From the reply's end to the follow-up's arrival. */
  windowMs: number;
  /** The server's time inside the window: its requests' spans, overlaps counted once. */
  serverMs: number;
  /** How many server requests fell inside the window. */
  serverRequests: number;
  /** From the reply's end to the first server request's arrival: reading the reply, deciding to run the tool. */
  beforeCallMs: number;
  /** From the last server answer to the follow-up's arrival: taking the result, building and sending the request. */
  afterCallMs: number;
}

/**
 * The round trip's split. A server request counts if it both arrived and was answered
 * inside the window: a stream the client keeps open across it (the GET for server
 * notifications) is not the call's. Throws when none did, or the stamps are out of
 * order: then the figure was not measured.
 */
export function roundTrip(stamps: RoundTripStamps): RoundTrip {
  const { toolUseEnd, followUpArrival } = stamps;
  const windowMs = followUpArrival - toolUseEnd;
  if (!(windowMs > 0)) {
    throw new Error(`P16: the follow-up arrived ${windowMs.toFixed(2)} ms after the tool_use reply ended`);
  }
  const spans = stamps.serverRequests
    .map((request) => ({ from: request.at - request.durationMs, to: request.at }))
    .filter((span) => span.from >= toolUseEnd && span.to <= followUpArrival)
    .sort((a, b) => a.from - b.from);
  if (spans.length === 0)
    throw new Error('P16: the MCP server answered no request between the reply and the follow-up');
  let serverMs = 0;
  let reach = Number.NEGATIVE_INFINITY;
  for (const span of spans) {
    const from = Math.max(span.from, reach);
    if (span.to > from) serverMs += span.to - from;
    reach = Math.max(reach, span.to);
  }
  const first = spans[0]?.from ?? toolUseEnd;
  return {
    ms: windowMs - serverMs,
    windowMs,
    serverMs,
    serverRequests: spans.length,
    beforeCallMs: first - toolUseEnd,
    afterCallMs: followUpArrival - reach,
  };
}

/** The scripts a page fetched after `before` was taken, in order, each once. */
export function scriptsAdded(before: readonly string[], after: readonly string[]): string[] {
  const seen = new Set(before);
  const added: string[] = [];
  for (const script of after) {
    if (seen.has(script)) continue;
    seen.add(script);
    added.push(script);
  }
  return added;
}
