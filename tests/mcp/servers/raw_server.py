"""An MCP server speaking raw newline-delimited JSON-RPC 2.0 on stdio (no SDK): what many
hand-written servers look like.  Tools: ``shout`` (upper-cases its text)."""

import json
import sys

TOOLS = [{"name": "shout", "description": "Upper-case a text.",
          "inputSchema": {"type": "object", "properties": {"text": {"type": "string"}}, "required": ["text"]}}]


def reply(msg_id, result=None, error=None):
    out = {"jsonrpc": "2.0", "id": msg_id}
    out.update({"error": error} if error else {"result": result})
    sys.stdout.write(json.dumps(out) + "\n")
    sys.stdout.flush()


for line in sys.stdin:
    if not line.strip():
        continue
    msg = json.loads(line)
    method, msg_id = msg.get("method"), msg.get("id")
    if msg_id is None:
        continue  # notifications (initialized, cancelled)
    if method == "initialize":
        reply(msg_id, {"protocolVersion": msg["params"]["protocolVersion"], "capabilities": {"tools": {}},
                       "serverInfo": {"name": "raw", "version": "1"}})
    elif method == "tools/list":
        reply(msg_id, {"tools": TOOLS})
    elif method == "tools/call":
        text = msg["params"].get("arguments", {}).get("text", "")
        reply(msg_id, {"content": [{"type": "text", "text": text.upper()}], "isError": False})
    elif method == "ping":
        reply(msg_id, {})
    else:
        reply(msg_id, error={"code": -32601, "message": f"method not found: {method}"})
