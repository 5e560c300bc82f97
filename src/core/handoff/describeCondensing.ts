/** The handoff card's line on what was condensed, e.g. "Condensed to fit: 212 older tool results cleared, …". */
import { groupThousands } from '../groupThousands';
import type { CondenseReport } from './condenseForHandoff';

function count(n: number, one: string, many: string): string {
  return `${groupThousands(n)} ${n === 1 ? one : many}`;
}

export function describeCondensing(report: CondenseReport): string {
  const parts: string[] = [];
  const files = report.attachmentsReplaced ?? 0;
  if (files > 0) parts.push(`${count(files, 'older attached file', 'older attached files')} left out`);
  if (report.toolResultsCleared > 0)
    parts.push(`${count(report.toolResultsCleared, 'older tool result', 'older tool results')} cleared`);
  if (report.messagesSummarised > 0)
    parts.push(
      `${count(report.messagesSummarised, 'older message', 'older messages')} summarised in ${count(report.passes, 'pass', 'passes')}`,
    );
  // A damaged record with no counts says nothing rather than something false.
  return parts.length > 0 ? `Condensed to fit: ${parts.join(', ')}` : '';
}
