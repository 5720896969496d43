"""An SDK MCP server over streamable HTTP that wants ``Authorization: Bearer hdr-secret-123``.

    python http_server.py PORT
"""

import sys

import uvicorn
from mcp.server.mcpserver import MCPServer

mcp = MCPServer("web")


@mcp.tool()
def whoami() -> str:
    """Say that the caller got in."""
    return "authorized caller"


inner = mcp.streamable_http_app()


async def app(scope, receive, send):
    if scope["type"] == "http" and dict(scope["headers"]).get(b"authorization") != b"Bearer hdr-secret-123":
        await send({"type": "http.response.start", "status": 401, "headers": [(b"content-type", b"text/plain")]})
        await send({"type": "http.response.body", "body": b"missing or wrong token"})
        return
    await inner(scope, receive, send)


if __name__ == "__main__":
    uvicorn.run(app, host="127.0.0.1", port=int(sys.argv[1]), log_level="warning")
