// @vitest-environment jsdom
/**
 * The flow of one send and of one /handoff (issue 23): which source files run, measured
 * with V8's call counts (testing/flowCoverage.ts) while the real app, as appHarness
 * starts it, sends one message and hands one session off. The lists are printed for
 * docs/architecture.md; the ceilings make a file newly drawn into either flow a failure
 * someone has to look at (raise the ceiling only with the docs' list).
 *
 * It also checks the direction of the calls: while a send runs, no code of src/core has
 * the store read beneath it but through the session's events (state follows the session;
 * the session never asks the store for anything). A handoff has one more: the /handoff
 * command object calling the context the composer gave it.
 */
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppHarness, appsPerTest } from '../../testing/appHarness';
import { byFolder, type FlowCoverage, startFlowCoverage } from '../../testing/flowCoverage';
import { textReply } from '../../testing/mockModel';

/**
 * The most files each flow may run: the counts measured when the ceiling was last set
 * (docs/architecture.md has the lists: send 88, handoff 103 to 105), with two files of room
 * for timers that land inside or outside the window. Lower them as files leave a flow.
 */
const SEND_CEILING = 90;
const HANDOFF_CEILING = 107;

const ROOT = resolve(import.meta.dirname, '../..');
const DOCUMENT = '## Goal\nShip the parser.\n\n## Next Steps\nWrite the error paths.';

const start = appsPerTest();
let coverage: FlowCoverage;

beforeAll(async () => {
  coverage = await startFlowCoverage(ROOT);
});
afterAll(async () => {
  await coverage.stop();
});

/** One plain send, from Enter to the reply saved. */
async function send(app: AppHarness, text: string): Promise<void> {
  await app.composer.submitComposer(text);
  await app.flush();
}

function report(flow: string, files: readonly string[]): void {
  const groups = Object.entries(byFolder(files))
    .map(([folder, list]) => `  ${folder} (${list.length})\n${list.map((f) => `    ${f}`).join('\n')}`)
    .join('\n');
  console.log(`${flow}: ${files.length} files\n${groups}`);
}

/**
 * Where the store is read beneath a call into src/core, synchronously: the innermost
 * function of core on the stack at each read, `emit` when the read is a listener of the
 * session's events. Async frames (`at async …`) are left out: they only say who awaits.
 */
async function storeReadsUnderCore(during: () => Promise<void>): Promise<string[]> {
  const { batonStore } = await import('./store/store');
  const original = batonStore.getState;
  const callers = new Set<string>();
  const limit = Error.stackTraceLimit;
  Error.stackTraceLimit = 200;
  batonStore.getState = () => {
    const lines = (new Error().stack ?? '').split('\n').slice(1);
    const sync = lines.slice(0, lines.findIndex((line) => line.includes(' at async ')) >>> 0);
    const core = sync.find((line) => line.includes('/src/core/'));
    if (core) callers.add(core.trim().replace(ROOT, ''));
    return original();
  };
  try {
    await during();
  } finally {
    batonStore.getState = original;
    Error.stackTraceLimit = limit;
  }
  return [...callers].sort();
}

describe('the flow of one send', () => {
  it(`runs at most ${SEND_CEILING} source files, and core asks the store for nothing`, async () => {
    const app = await start();
    const { batonStore } = await import('./store/store');
    expect(batonStore.getState()).toBe(app.state());
    // Warm-up: the first send loads the lazy modules (the SDK client, the writer).
    await send(app, 'Plan the parser');

    await coverage.reset();
    const readsUnderCore = await storeReadsUnderCore(() => send(app, 'Now the error paths'));
    const files = await coverage.take();

    report('send', files);
    console.log(`store reads beneath core during the send:\n  ${readsUnderCore.join('\n  ') || '(none)'}`);
    expect(app.state().entries).toHaveLength(4);
    expect(readsUnderCore.filter((frame) => !/\bemit\b/.test(frame))).toEqual([]);
    expect(files.length).toBeLessThanOrEqual(SEND_CEILING);
  });
});

describe('the flow of one /handoff', () => {
  it(`runs at most ${HANDOFF_CEILING} source files, from the command to the new session open`, async () => {
    const app = await start();
    await send(app, 'Plan the parser');
    const parentId = app.state().activeSessionId;
    app.mock.script(textReply(DOCUMENT));

    await coverage.reset();
    const readsUnderCore = await storeReadsUnderCore(async () => {
      await app.composer.submitComposer('/handoff');
      await app.flush();
    });
    const files = await coverage.take();

    report('handoff', files);
    console.log(`store reads beneath core during the handoff:\n  ${readsUnderCore.join('\n  ') || '(none)'}`);
    const state = app.state();
    expect(state.handoff).toMatchObject({ status: 'done', document: DOCUMENT });
    expect(state.activeSessionId).not.toBe(parentId);
    // The one other way up: the /handoff command, a core object the composer runs, calls
    // the context the composer handed it (which starts the handoff in state).
    const otherReads = readsUnderCore.filter((frame) => !/\bemit\b/.test(frame));
    expect(otherReads.filter((frame) => !frame.includes('/src/core/commands/builtinCommands.ts'))).toEqual(
      [],
    );
    expect(files.length).toBeLessThanOrEqual(HANDOFF_CEILING);
  });
});
