/** Web fetch and code execution blocks in the API's shapes, for the unit tests of server tools. */
export const fetchCall = {
  type: 'server_tool_use',
  id: 'srvtoolu_fetch',
  name: 'web_fetch',
  input: { url: 'https://relay.example/rules' },
} as const;
export const fetchResult = {
  type: 'web_fetch_tool_result',
  tool_use_id: 'srvtoolu_fetch',
  content: {
    type: 'web_fetch_result',
    url: 'https://relay.example/rules',
    retrieved_at: '2026-12-06T10:00:00Z',
    content: {
      type: 'document',
      source: { type: 'text', media_type: 'text/plain', data: 'The baton is passed in the zone.' },
      title: 'Relay rules',
      citations: null,
    },
  },
} as const;
export const bashCall = {
  type: 'server_tool_use',
  id: 'srvtoolu_bash',
  name: 'bash_code_execution',
  input: { command: 'python3 plot.py' },
} as const;
export const bashResult = {
  type: 'bash_code_execution_tool_result' as const,
  tool_use_id: 'srvtoolu_bash' as const,
  content: {
    type: 'bash_code_execution_result' as const,
    stdout: 'saved plot.png\n',
    stderr: 'warning: slow\n',
    return_code: 0,
    // A mutable array, as the SDK's block types (and the e2e mock's script) take it.
    content: [{ type: 'bash_code_execution_output' as const, file_id: 'file_011plot' }],
  },
};
export const editCall = {
  type: 'server_tool_use',
  id: 'srvtoolu_edit',
  name: 'text_editor_code_execution',
  input: { command: 'view', path: '/tmp/missing.py' },
} as const;
export const editError = {
  type: 'text_editor_code_execution_tool_result',
  tool_use_id: 'srvtoolu_edit',
  content: {
    type: 'text_editor_code_execution_tool_result_error',
    error_code: 'file_not_found',
    error_message: null,
  },
} as const;
