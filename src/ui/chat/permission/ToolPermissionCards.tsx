/**
 * The MCP tool calls waiting for the user's permission, one card each, under the chat.
 * Its own chunk: App.tsx asks for it only once a call waits (lazyWhen), so the first
 * load holds nothing of it but the subscription.
 */
import { useBaton } from '../../../state/store/useBaton';
import { ToolPermissionCard } from './ToolPermissionCard';
import './toolPermission.css';

export function ToolPermissionCards() {
  const requests = useBaton((s) => s.toolPermissions);
  if (requests.length === 0) return null;
  return (
    <div className="tool-permissions">
      {/* Keyed by the call: parallel calls each keep their own card and answer. */}
      {requests.map((request, index) => (
        <ToolPermissionCard key={request.callId} request={request} first={index === 0} />
      ))}
    </div>
  );
}
