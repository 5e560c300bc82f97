/**
 * What the MCP adapter's tests against real servers share: closing what a test opened
 * (connections before the servers they talk to), and the sentence a failure carries.
 */
import { afterEach } from 'vitest';
import { McpAdapterError } from '../../src/mcp/mcpErrors';

interface Closable {
  close(): Promise<void>;
}

/** Registers an afterEach that closes everything passed to the returned function, newest first. */
export function closeAfterEach(): <T extends Closable>(item: T) => T {
  const open: Closable[] = [];
  afterEach(async () => {
    for (let item = open.pop(); item; item = open.pop()) await item.close();
  });
  return (item) => {
    open.push(item);
    return item;
  };
}

/** The McpAdapterError a promise rejects with; fails the test if it resolves or rejects otherwise. */
export async function adapterFailure(promise: Promise<unknown>): Promise<McpAdapterError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  if (!(error instanceof McpAdapterError))
    throw new Error(`Expected an McpAdapterError, got ${String(error)}`);
  return error;
}
