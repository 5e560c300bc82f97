/**
 * Generated conversation text for the bench: deterministic (a seeded generator), plain
 * TypeScript with no DOM or Node APIs, so the page (seeding IndexedDB) and Node (the
 * mock's streamed reply) make the very same text.
 */

/** mulberry32: small, fast, and good enough to vary text. Returns floats in [0, 1). */
export function makeRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const WORDS = (
  'the a to of and in that is for it on with as this we be by are can should will not from an or ' +
  'request response session entry message handoff document context token stream reply model cache ' +
  'retry timeout billing invoice customer account migration schema index query database table ' +
  'column row transaction commit rollback queue worker job batch event handler listener callback ' +
  'promise async await function module import export type interface class method property value ' +
  'error warning failure success status result input output config setting option flag feature ' +
  'test spec fixture mock stub assertion coverage build bundle chunk deploy release version branch ' +
  'merge review change patch diff file folder path route endpoint server client browser page view ' +
  'component render state store action reducer selector hook effect layout style theme button ' +
  'list item field form label dialog notice alert progress header footer sidebar panel editor ' +
  'keep make check update write read load save open close start stop send receive parse format ' +
  'quick slow large small first last next previous current older newer stable shared local remote'
).split(' ');

const CODE_LINES = [
  'const session = await repository.loadHeaders();',
  'if (!response.ok) throw new Error("status " + response.status);',
  'for (const entry of entries) queue.saveEntry(entry);',
  'export function retryDelay(attempt: number): number {',
  '  return Math.min(30_000, 500 * 2 ** attempt);',
  '}',
  'const total = invoices.reduce((sum, invoice) => sum + invoice.amount, 0);',
  'await db.transaction("entries", "readwrite").store.put(record);',
  'return items.filter((item) => item.status !== "archived");',
  'console.log(JSON.stringify({ id, status, elapsedMs }));',
];

function pick<T>(random: () => number, list: readonly T[]): T {
  return list[Math.floor(random() * list.length)] as T;
}

function between(random: () => number, min: number, max: number): number {
  return min + Math.floor(random() * (max - min + 1));
}

function sentence(random: () => number, words: number): string {
  const out: string[] = [];
  for (let i = 0; i < words; i++) {
    let word = pick(random, WORDS);
    if (i === 0) word = word.charAt(0).toUpperCase() + word.slice(1);
    else if (random() < 0.04) word = `\`${word}\``;
    else if (random() < 0.02) word = `**${word}**`;
    out.push(word);
  }
  return `${out.join(' ')}.`;
}

/** A paragraph of about `words` words, in sentences of 6 to 18 words. */
function paragraph(random: () => number, words: number): string {
  const sentences: string[] = [];
  let left = words;
  while (left > 0) {
    const n = Math.min(left, between(random, 6, 18));
    sentences.push(sentence(random, n));
    left -= n;
  }
  return sentences.join(' ');
}

/**
 * One chat message as markdown, 50 to 300 words: paragraphs, and in the assistant's
 * replies now and then a list or a fenced code block.
 */
export function messageText(random: () => number, role: 'user' | 'assistant'): string {
  const target = between(random, 50, 300);
  const blocks: string[] = [];
  let words = 0;
  while (words < target) {
    const left = target - words;
    const roll = random();
    if (role === 'assistant' && roll < 0.15 && left > 20) {
      const items = between(random, 2, 5);
      const lines: string[] = [];
      for (let i = 0; i < items; i++) {
        const n = between(random, 3, 9);
        lines.push(`- ${sentence(random, n)}`);
        words += n;
      }
      blocks.push(lines.join('\n'));
    } else if (role === 'assistant' && roll < 0.22 && left > 20) {
      const lines = between(random, 2, 6);
      const code: string[] = [];
      for (let i = 0; i < lines; i++) code.push(pick(random, CODE_LINES));
      blocks.push(`\`\`\`ts\n${code.join('\n')}\n\`\`\``);
      words += lines * 5;
    } else {
      const n = Math.min(left, between(random, 20, 70));
      blocks.push(paragraph(random, n));
      words += n;
    }
  }
  return blocks.join('\n\n');
}

/** A session title like a person would leave: a few words from the vocabulary. */
export function sessionTitle(random: () => number, index: number): string {
  const words = [pick(random, WORDS), pick(random, WORDS), pick(random, WORDS)];
  return `Bench ${String(index).padStart(5, '0')}: ${words.join(' ')}`;
}

/**
 * A long markdown reply as its stream deltas, one word (one token) each: paragraphs,
 * lists and fenced code, ending with `marker` as the last word of a paragraph.
 * Exactly `tokens` deltas (at least 4).
 */
export function replyDeltas(tokens: number, marker: string, seed = 7): string[] {
  const random = makeRandom(seed);
  const deltas: string[] = [];
  // The closing paragraph (three words and the marker) is added at the end.
  const body = Math.max(0, tokens - 4);
  const push = (delta: string) => {
    if (deltas.length < body) deltas.push(delta);
  };
  while (deltas.length < body) {
    const roll = random();
    const start = deltas.length === 0 ? '' : '\n\n';
    if (roll < 0.15) {
      const items = between(random, 2, 6);
      for (let i = 0; i < items; i++) {
        const n = between(random, 3, 10);
        for (let w = 0; w < n; w++) {
          const lead = w === 0 ? (i === 0 ? `${start}- ` : '\n- ') : ' ';
          push(`${lead}${pick(random, WORDS)}`);
        }
      }
    } else if (roll < 0.22) {
      push(`${start}\`\`\`ts\n`);
      const lines = between(random, 3, 10);
      for (let i = 0; i < lines; i++) {
        const words = pick(random, CODE_LINES).split(' ');
        words.forEach((word, w) => {
          push(`${w === 0 ? '' : ' '}${word}${w === words.length - 1 ? '\n' : ''}`);
        });
      }
      push('```');
    } else {
      const n = between(random, 30, 90);
      for (let w = 0; w < n; w++) {
        const word = pick(random, WORDS);
        push(w === 0 ? `${start}${word.charAt(0).toUpperCase()}${word.slice(1)}` : ` ${word}`);
      }
      push('.');
    }
  }
  // A code block cut short by the budget is closed before the last paragraph.
  const open = (deltas.join('').split('```').length - 1) % 2 === 1;
  return [...deltas, `${open ? '\n```' : ''}\n\nThat`, ' is', ' all', ` ${marker}`];
}
