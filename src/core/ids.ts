/** Random ids for sessions and entries; crypto.randomUUID exists in browsers and Node 20. */
export function newId(): string {
  return crypto.randomUUID();
}
