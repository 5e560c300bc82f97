/** Times in exports and file names: minutes in UTC, the same for every reader. */
export function formatTime(time: number): string {
  const date = new Date(time);
  if (Number.isNaN(date.getTime())) return 'unknown';
  return `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}
