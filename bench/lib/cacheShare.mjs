/**
 * P9's line in the bench table, from the per-request usage bench/cacheShare.spec.ts
 * recorded: the share of all input tokens (input + cache reads + cache writes, every
 * request, the handoff's included) that were read from the prompt cache. Plus a note
 * that splits the figure into the turns and the handoff, where a miss shows first.
 */

const TARGET = 0.9;

const sum = (values) => values.reduce((total, value) => total + value, 0);
const inputOf = (request) => request.input + request.cacheRead + request.cacheWrite;
const percent = (share) => `${(share * 100).toFixed(1)}%`;
const tokens = (count) => count.toLocaleString('en');

/** @param {{ turns: number, requests: Array<{ kind: 'turn' | 'handoff', toolChoice: unknown, input: number, cacheRead: number, cacheWrite: number }> }} result */
export function cacheShareFigure(result) {
  const { requests } = result;
  const read = sum(requests.map((r) => r.cacheRead));
  const all = sum(requests.map(inputOf));
  const share = all > 0 ? read / all : 0;

  const turns = requests.filter((r) => r.kind === 'turn');
  const handoff = requests.find((r) => r.kind === 'handoff');
  const turnsShare = sum(turns.map((r) => r.cacheRead)) / Math.max(1, sum(turns.map(inputOf)));
  let note = `P9: the ${turns.length} turns alone read ${percent(turnsShare)} from the cache`;
  if (handoff) {
    note += `; the handoff request read ${tokens(handoff.cacheRead)} of its ${tokens(inputOf(handoff))} tokens`;
    const turnChoice = JSON.stringify(turns.at(-1)?.toolChoice);
    const handoffChoice = JSON.stringify(handoff.toolChoice);
    if (handoff.cacheRead === 0 && turnChoice !== handoffChoice) {
      note += ` (its tool_choice ${handoffChoice} differs from the turns' ${turnChoice}, and a change of tool_choice invalidates the API's messages cache)`;
    }
  }
  note += '.';

  return {
    figure: {
      id: 'P9',
      what: `prompt cache: share of the input tokens read from the cache over a ${result.turns}-turn session and its handoff (${requests.length} requests)`,
      baseline: '0% (no cache_control)',
      baton: `${percent(share)} (${tokens(read)} of ${tokens(all)} tokens)`,
      ratio: 'n/a',
      target: `≥ ${percent(TARGET).replace('.0', '')}`,
      met: share >= TARGET,
      values: { share, read, all, turnsShare, requests: requests.length },
    },
    note,
  };
}
