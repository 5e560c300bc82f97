import { batonStore, type Notice } from './store';

const INFO_LIFETIME_MS = 8000;
const MAX_NOTICES = 4;
let nextNoticeId = 1;

export function notify(text: string, lines?: string[]): void {
  push({ kind: 'info', text, ...(lines && { lines }) });
}

export function notifyError(text: string): void {
  push({ kind: 'error', text });
}

export function dismissNotice(id: number): void {
  batonStore.setState((s) => ({ notices: s.notices.filter((n) => n.id !== id) }));
}

function push(notice: Omit<Notice, 'id'>): void {
  const id = nextNoticeId++;
  batonStore.setState((s) => ({ notices: [...s.notices, { ...notice, id }].slice(-MAX_NOTICES) }));
  // Errors stay until dismissed: the user must get the chance to read them.
  if (notice.kind === 'info' && !notice.lines) setTimeout(() => dismissNotice(id), INFO_LIFETIME_MS);
}
