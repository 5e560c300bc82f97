/**
 * The recall port the agent session is given at start-up: the search client (and with
 * it the worker and the index) is loaded at the tool's first call, not before.
 */
import type { RecallPort } from '../../core/recall/recallPort';
import { get } from '../store/storeAccess';

export const lazyRecall: RecallPort = {
  header: (sessionId) => get().sessions.find((header) => header.id === sessionId),
  async search(query, sessionIds, limit) {
    const { workerRecall } = await import('./searchClient');
    return workerRecall.search(query, sessionIds, limit);
  },
};
