"""MCP both ways.

- :mod:`.config` — the ``mcp_servers`` setting (Claude Desktop's JSON shape plus ``trust``) and
  how its secrets are kept (like API keys: in the key store, masked in every reply).
- :mod:`.client` — the user's servers, started on demand with the official ``mcp`` SDK; their
  tools reach the model as ``mcp__<server>__<tool>``.
- :mod:`.bridge` — the local socket between ``tabmate mcp serve`` and the host the browser started.
- :mod:`.serve` — ``tabmate mcp serve``: an MCP stdio server whose tools are the user's browser.

The SDK is imported only when a server is used (host start-up stays fast).
"""
