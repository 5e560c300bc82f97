/**
 * Real tokenizers give about four characters a token for English prose and fewer for
 * code, paths and numbers: 3.5 errs towards "does not fit", which costs a condensing
 * pass, never a refusal. On its own so that every estimate can share it without cycles.
 */
export const CHARS_PER_TOKEN = 3.5;
