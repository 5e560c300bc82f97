/**
 * Which source files take part in one flow (a send, a handoff): V8's own call counts,
 * read through the inspector of this very process. A file counts when any of its
 * functions other than the module's top level ran at least once between `reset` and
 * `take`, so loading a module is not taking part, and calling one of its functions is.
 *
 * Counts are per process, not per app: whatever else runs in the window (timers of the
 * write queue, the mock API's server) runs too, and only files under src/ that are not
 * tests are listed. Used by src/state/flowFiles.test.ts, which docs/architecture.md quotes.
 */
import { Session } from 'node:inspector/promises';
import { fileURLToPath } from 'node:url';

/** One function's coverage as V8 reports it with detailed off: its whole range and calls. */
interface FunctionCoverage {
  functionName: string;
  ranges: Array<{ startOffset: number; endOffset: number; count: number }>;
}

interface ScriptCoverage {
  scriptId: string;
  url: string;
  functions: FunctionCoverage[];
}

export interface FlowCoverage {
  /** Forgets every count so far (V8 resets its counters on each take). */
  reset(): Promise<void>;
  /** The src/ files (repository-relative, sorted) that ran since the last reset or take. */
  take(): Promise<string[]>;
  stop(): Promise<void>;
}

export async function startFlowCoverage(root: string): Promise<FlowCoverage> {
  const session = new Session();
  session.connect();
  // The debugger only to read a script's text: the runner's export getters are told apart by it.
  await session.post('Debugger.enable');
  await session.post('Profiler.enable');
  await session.post('Profiler.startPreciseCoverage', { callCount: true, detailed: false });
  const sources = new Map<string, string>();
  const sourceOf = async (scriptId: string): Promise<string> => {
    let text = sources.get(scriptId);
    if (text === undefined) {
      const answer = (await session.post('Debugger.getScriptSource', { scriptId })) as {
        scriptSource: string;
      };
      text = answer.scriptSource;
      sources.set(scriptId, text);
    }
    return text;
  };
  const take = async (): Promise<string[]> => {
    const { result } = (await session.post('Profiler.takePreciseCoverage')) as { result: ScriptCoverage[] };
    const files = new Set<string>();
    for (const script of result) {
      const file = sourceFile(script.url, root);
      if (!file || files.has(file)) continue;
      const ran = functionsRun(script.functions, await sourceOf(script.scriptId));
      if (ran.length > 0) files.add(file);
      if (process.env.FLOW_DETAIL && ran.length > 0) console.log(`${file}: ${ran.join(', ')}`);
    }
    return [...files].sort();
  };
  return {
    reset: async () => void (await take()),
    take,
    async stop() {
      await session.post('Profiler.stopPreciseCoverage');
      await session.post('Profiler.disable');
      await session.post('Debugger.disable');
      session.disconnect();
    },
  };
}

/** `src/…` for a non-test source file of the repository at `root`, else undefined. */
function sourceFile(url: string, root: string): string | undefined {
  let path = url;
  if (url.startsWith('file://')) path = fileURLToPath(url);
  path = path.split('?')[0] ?? path;
  const prefix = `${root.replace(/\/$/, '')}/src/`;
  if (!path.startsWith(prefix)) return undefined;
  if (/\.test\.tsx?$/.test(path)) return undefined;
  return `src/${path.slice(prefix.length)}`;
}

/**
 * The functions of the module's own that were called, as `name×count`. Not counted: the
 * module's top level, which is the script itself (offset 0) and the function the test
 * runner wraps each module in, and the getters the runner adds for each export, which run
 * when another module reads an imported name (in the browser that read calls nothing).
 * V8 leaves out functions not called since the last take, so both are told by their text.
 */
function functionsRun(functions: readonly FunctionCoverage[], source: string): string[] {
  return functions
    .filter((f) => {
      const range = f.ranges[0];
      if (!range || range.count === 0 || range.startOffset === 0) return false;
      const text = source.slice(range.startOffset, range.endOffset);
      return !MODULE_WRAPPER.test(text) && !EXPORT_GETTER.test(text);
    })
    .map((f) => `${f.functionName || '(anonymous)'}×${f.ranges[0]?.count}`);
}

/** The runner's wrapper: `async (__vite_ssr_exports__, …) => { … }`. */
const MODULE_WRAPPER = /^async \(__vite_ssr_exports__\b/;
/** The runner's getter of an export: `() => { try { return name } catch {} }`. */
const EXPORT_GETTER = /^\(\) => \{ try \{ return [\w$]+ \} catch \{\} \}$/;

/** Files grouped by their folder under src/ (core, state, storage, llm, …). */
export function byFolder(files: readonly string[]): Record<string, string[]> {
  const groups: Record<string, string[]> = {};
  for (const file of files) {
    const folder = file.split('/')[1] ?? '';
    groups[folder] = [...(groups[folder] ?? []), file];
  }
  return groups;
}
