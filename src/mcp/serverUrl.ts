/**
 * Checks the Server URL the user typed before anything is sent to it. A URL that carries
 * a user name or password is refused (credentials belong in Authorization, where they
 * are stored apart and never exported); plain http is taken only for this computer,
 * as the page's security policy allows no other.
 */

export type ServerUrlCheck = { ok: true; url: URL } | { ok: false; message: string };

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

export function checkServerUrl(input: string): ServerUrlCheck {
  const text = input.trim();
  if (text === '')
    return { ok: false, message: "Enter the MCP server's URL, such as https://example.com/mcp." };
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return {
      ok: false,
      message: `"${text}" is not a URL. Enter the MCP server's address, such as https://example.com/mcp.`,
    };
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    return {
      ok: false,
      message: `Baton reaches MCP servers over https, not "${url.protocol}". A server that runs as a program on this computer (stdio) needs an HTTP bridge in front of it.`,
    };
  }
  if (url.username !== '' || url.password !== '') {
    return {
      ok: false,
      message:
        'The server URL has a user name or password in it. Remove them from the URL and choose Bearer token or OAuth under Authorization instead.',
    };
  }
  if (url.protocol === 'http:' && !LOOPBACK.has(url.hostname)) {
    return {
      ok: false,
      message: `Plain http is only for servers on this computer (localhost). Use https://${url.host}${url.pathname} instead.`,
    };
  }
  url.hash = '';
  return { ok: true, url };
}
