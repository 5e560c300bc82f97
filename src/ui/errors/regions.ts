/**
 * The parts of the page that fail on their own: an error while drawing one of them
 * replaces that part with a sentence and ways out, and leaves the others working.
 */
export type Region = 'page' | 'sessions' | 'chat' | 'composer' | 'todos' | 'dialog';

export interface RegionText {
  /** The heading of the fallback. */
  title: string;
  /** What cannot be drawn, as the subject of "Baton could not draw …". */
  what: string;
  /** The ways out, after the error: matches the buttons the fallback offers. */
  waysOut: string;
}

const KEEP_A_COPY = 'Nothing stored is lost: export everything to keep a copy';

export const REGION_TEXT: Record<Region, RegionText> = {
  page: {
    title: 'Baton cannot show this page',
    what: 'the page',
    waysOut: `${KEEP_A_COPY}, or reload the page.`,
  },
  sessions: {
    title: 'The sessions list cannot be shown',
    what: 'the sessions list',
    waysOut: `${KEEP_A_COPY}, open a new session, or reload the page.`,
  },
  chat: {
    title: 'This session cannot be shown',
    what: 'this session',
    waysOut: `${KEEP_A_COPY}, open another session from the Sessions list or a new one, or reload the page.`,
  },
  composer: {
    title: 'The message box cannot be shown',
    what: 'the message box',
    waysOut: `${KEEP_A_COPY}, open a new session, or reload the page.`,
  },
  todos: {
    title: 'The todo list cannot be shown',
    what: 'the todo list',
    waysOut: `${KEEP_A_COPY}, or reload the page.`,
  },
  dialog: {
    title: 'This dialog cannot be shown',
    what: 'this dialog',
    waysOut: `${KEEP_A_COPY}, close it, or reload the page.`,
  },
};
