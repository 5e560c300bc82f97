/**
 * 1234567 → "1,234,567". Not toLocaleString: the first call of that in a page loads
 * the locale data and costs tens of milliseconds, which landed inside the handoff switch.
 */
export function groupThousands(value: number): string {
  const sign = value < 0 ? '-' : '';
  const [whole = '0', fraction] = String(Math.abs(value)).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return fraction === undefined ? `${sign}${grouped}` : `${sign}${grouped}.${fraction}`;
}
