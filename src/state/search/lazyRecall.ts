/**
 * The recall port the agent session is given at start-up: the search client (and with
 * it the worker and the index) is loaded at the tool's first call, not before.
 */
import type { RecallPort } from '../../core/recall/recallPort';
import type { SearchAccess } from './searchAccess';

export function lazyRecall(
  search: SearchAccess,
  header: RecallPort['header'],
  flush: () => Promise<void>,
): RecallPort {
  return {
    header,
    async search(query, sessionIds, limit) {
      const [client, { workerRecall }] = await Promise.all([search.client(), import('./searchClient')]);
      return workerRecall(client, header, flush).search(query, sessionIds, limit);
    },
  };
}
