/**
 * `npm run bench`'s P16, run by bench/run.mjs through bench/playwright.config.ts: Baton's
 * own time per MCP tool round trip (issue 25). The real test MCP server of the end-to-end
 * tests (e2e/servers/mcpTestServer.ts) runs on 127.0.0.1 in this process, its record
 * seeded into the app's secrets database with Always allow for `echo`, so no card waits.
 * The mock Messages API replies with a tool_use of `mcp__test__echo`, then with text.
 *
 * Both servers stamp their requests with this process's `performance.now()`: the figure is
 * from the mock's last byte of the tool_use reply to the follow-up's arrival at the mock,
 * less the MCP server's own time on the requests it answered in between
 * (bench/lib/mcpRoundTrip.ts). The baseline is the same round trip made in the same page
 * by the bare slim SDK client, the bare MCP SDK client and a bare fetch
 * (bench/baseline/mcp.ts). Also the gzip size of the scripts the app fetches once a server
 * is set up, against the same start without one: the MCP chunks.
 * Raw measurements go to bench/.dist/results/P16.json; run.mjs summarises them.
 */
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Page } from '@playwright/test';
import { assistantMessages, textReply } from '../e2e/helpers';
import type { RecordedRequest } from '../e2e/mock/mockApi';
import { ECHO, echoCall, toolResults } from '../e2e/servers/mcpSteps';
import { type McpTestServer, startMcpTestServer } from '../e2e/servers/mcpTestServer';
import type * as Mcp from './baseline/mcp';
import { APP_DIR, P16, QUICK, WAIT_MS } from './lib/config';
import {
  API_KEY,
  appSettings,
  type BenchEnv,
  composer,
  expect,
  MODEL,
  maybeProfile,
  openBenchPage,
  progress,
  seed,
  settle,
  test,
  writeResult,
} from './lib/fixtures';
import { type RoundTrip, roundTrip, scriptsAdded } from './lib/mcpRoundTrip';

test.describe.configure({ timeout: QUICK ? 5 * 60_000 : 20 * 60_000 });

const SESSION_ID = 'p16-session';
/** How long a start is left after it settled, so scripts loaded later are counted too (as P5). */
const LATE_SCRIPTS_MS = 1500;

/** The scripts the page has fetched so far (paths, in order). */
async function fetchedScripts(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .map((entry) => new URL(entry.name).pathname)
      .filter((path) => path.endsWith('.js')),
  );
}

/** A built script's size and whether its source map holds the MCP SDK or Baton's MCP modules. */
function chunkInfo(path: string) {
  const code = readFileSync(join(APP_DIR, path));
  let sources: string[] = [];
  try {
    sources = (JSON.parse(readFileSync(join(APP_DIR, `${path}.map`), 'utf8')) as { sources: string[] })
      .sources;
  } catch {
    // No map: the chunk is still counted, with no MCP sources found.
  }
  return {
    file: path,
    bytes: code.length,
    gzip: gzipSync(code, { level: 9 }).length,
    sdk: sources.some((source) => source.includes('@modelcontextprotocol/sdk')),
    baton: sources.some((source) => /(^|\/)src\/(state\/)?mcp\//.test(source)),
  };
}

/** The mock's two requests of one round trip: the one answered with the tool_use, and the follow-up. */
function tripRequests(env: BenchEnv, from: number): [RecordedRequest, RecordedRequest] {
  const [call, followUp] = env.mock.messageRequests().slice(from, from + 2);
  if (!call || !followUp) throw new Error('P16: the round trip did not make two requests');
  const offered = (call.body.tools ?? []).some((tool) => (tool as { name?: string }).name === ECHO);
  if (!offered) throw new Error(`P16: the request that got the tool_use did not offer ${ECHO}`);
  return [call, followUp];
}

/** The round trip's split, checked: the echo ran on the server inside it and its text came back. */
function measure(env: BenchEnv, server: McpTestServer, from: number, text: string): RoundTrip {
  const [call, followUp] = tripRequests(env, from);
  const [result] = toolResults(followUp.body);
  if (!result || result.is_error || !JSON.stringify(result.content).includes(text)) {
    throw new Error(
      `P16: the follow-up carried no tool_result with the echoed text: ${JSON.stringify(result)}`,
    );
  }
  if (call.answeredAt === undefined) throw new Error('P16: the tool_use reply was never finished');
  const ran = server.log.entries.some(
    (entry) =>
      entry.event === 'call' &&
      entry.tool === 'echo' &&
      entry.at > (call.answeredAt ?? 0) &&
      entry.at < followUp.receivedAt,
  );
  if (!ran) throw new Error('P16: the server logged no echo call between the reply and the follow-up');
  return roundTrip({
    toolUseEnd: call.answeredAt,
    followUpArrival: followUp.receivedAt,
    serverRequests: server.log.entries.flatMap((entry) =>
      entry.event === 'request' && entry.durationMs !== undefined
        ? [{ at: entry.at, durationMs: entry.durationMs, detail: entry.detail }]
        : [],
    ),
  });
}

/** "12.3 ms (to the call 4.0, server 2.1, to the follow-up 8.3)" for a progress line. */
function split(trip: RoundTrip): string {
  const f = (value: number) => value.toFixed(1);
  return `${f(trip.ms)} ms (to the call ${f(trip.beforeCallMs)}, server ${f(trip.serverMs)}, to the follow-up ${f(trip.afterCallMs)})`;
}

/** One round trip through the app: the message sent, the tool run unasked, the reply shown, all quiet again. */
async function batonTrip(page: Page, env: BenchEnv, server: McpTestServer, n: number): Promise<RoundTrip> {
  const text = `baton round trip ${n}`;
  const from = env.mock.messageRequests().length;
  env.mock.script(echoCall(`toolu_p16_baton_${n}`, text), textReply(`Echoed: baton ${n} done.`));
  await composer(page).fill(`Echo "${text}", please.`);
  await composer(page).press('Enter');
  await expect(assistantMessages(page).last()).toContainText(`baton ${n} done.`, { timeout: WAIT_MS });
  await settle(page, WAIT_MS);
  return measure(env, server, from, text);
}

/** The same round trip made by the bare clients in the same page. */
async function bareTrip(page: Page, env: BenchEnv, server: McpTestServer, n: number): Promise<RoundTrip> {
  const text = `bare round trip ${n}`;
  const from = env.mock.messageRequests().length;
  env.mock.script(echoCall(`toolu_p16_bare_${n}`, text), textReply(`Echoed: bare ${n} done.`));
  const options: Mcp.BareRoundTripOptions = {
    apiKey: API_KEY,
    baseURL: env.mock.url,
    model: MODEL,
    apiName: ECHO,
    serverName: 'echo',
    prompt: `Echo "${text}", please.`,
  };
  const { resultText } = await page.evaluate(async (o) => {
    const url = '/__bench/mcp.js';
    const module: typeof Mcp = await import(url);
    return module.bareRoundTrip(o);
  }, options);
  if (resultText !== text) throw new Error(`P16: the bare call answered ${JSON.stringify(resultText)}`);
  await settle(page, WAIT_MS);
  return measure(env, server, from, text);
}

test('P16: MCP tool round trip', async ({ browser, env }) => {
  const server = await startMcpTestServer({ logRequests: true });
  const bench = await openBenchPage(undefined, env);
  try {
    await seed(bench.page, {
      seed: 16,
      model: MODEL,
      sessions: [{ id: SESSION_ID, title: 'P16 tools', entries: 4, start: Date.now() - 3_600_000 }],
      settings: appSettings(env, SESSION_ID),
    });

    // A start with no server: what the first load and its lazy parts fetch.
    let page = await bench.reopen();
    await page.goto('/');
    await settle(page, WAIT_MS);
    await page.waitForTimeout(LATE_SCRIPTS_MS);
    const without = await fetchedScripts(page);

    // The server set up as the app stores it, echo always allowed; the same start again.
    await page.evaluate(
      async (s) => {
        const url = '/__bench/mcp.js';
        const module: typeof Mcp = await import(url);
        await module.seedMcpServer(s);
      },
      { name: 'test', url: server.url, alwaysAllowed: ['echo'] },
    );
    page = await bench.reopen();
    await page.goto('/');
    await expect.poll(() => server.sessions, { timeout: WAIT_MS }).toBeGreaterThan(0);
    await settle(page, WAIT_MS);
    await page.waitForTimeout(LATE_SCRIPTS_MS);
    const chunks = scriptsAdded(without, await fetchedScripts(page)).map((path) => chunkInfo(path.slice(1)));
    if (!chunks.some((chunk) => chunk.sdk)) {
      throw new Error(`P16: no script fetched for the server holds the MCP SDK: ${JSON.stringify(chunks)}`);
    }
    progress(
      `P16 MCP chunks: ${chunks.map((c) => `${c.file} ${(c.gzip / 1000).toFixed(1)} KB`).join(', ')} (gzip)`,
    );

    const tools = await page.evaluate(async (url) => {
      const path = '/__bench/mcp.js';
      const module: typeof Mcp = await import(path);
      return module.connectBare(url);
    }, server.url);
    await settle(page, WAIT_MS);
    // One untimed round trip each: the code each side runs is loaded and compiled, the
    // preflights of the follow-up cached.
    const warm = {
      baton: await batonTrip(page, env, server, 0),
      baseline: await bareTrip(page, env, server, 0),
    };
    // CORS preflights to the mock during each side's timed round trips (both should find them cached).
    const preflights = { baton: 0, baseline: 0 };
    const runs: Array<{ trip: number; batonFirst: boolean; baton: RoundTrip; baseline: RoundTrip }> = [];
    for (let trip = 1; trip <= P16.trips; trip++) {
      const batonFirst = trip % 2 === 1;
      const sides: Partial<Record<'baton' | 'baseline', RoundTrip>> = {};
      for (const side of batonFirst ? (['baton', 'baseline'] as const) : (['baseline', 'baton'] as const)) {
        const before = env.mock.preflights;
        sides[side] =
          side === 'baton'
            ? await maybeProfile('P16', page, 'round-trip', trip === 1, () =>
                batonTrip(page, env, server, trip),
              )
            : await bareTrip(page, env, server, trip);
        preflights[side] += env.mock.preflights - before;
      }
      const { baton, baseline } = sides;
      if (!baton || !baseline) throw new Error('P16: a side was not measured');
      runs.push({ trip, batonFirst, baton, baseline });
      progress(`P16 round trip ${trip}/${P16.trips}: Baton ${split(baton)}; bare ${split(baseline)}`);
    }
    writeResult('P16', {
      id: 'P16',
      chromium: browser.version(),
      trips: P16.trips,
      tools,
      chunks,
      warm,
      runs,
      preflights,
      loadAverage: loadavg(),
      pageErrors: bench.errors,
    });
  } finally {
    await bench.close();
    await server.close();
  }
});
