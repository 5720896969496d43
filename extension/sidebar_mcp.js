// The settings panel's MCP servers: the user's servers as JSON (the shape Claude Desktop and
// other MCP clients use — a whole {"mcpServers": …} file may be pasted) and each server's state
// from Tabmate's helper (ready with its tools, or why it failed with its last output). Secret
// values in env/headers come back masked (••••••); sending the mask back keeps the stored value.
import { request } from "./sidebar_link.js";

const $ = (id) => document.getElementById(id);
let edited = false; // the user typed or pasted since Settings opened: their text wins over the load

async function load() {
  edited = false;
  try {
    const reply = await request({ type: "get_settings" }, 15000);
    if (edited) return;
    const servers = reply.settings.mcp_servers ?? {};
    $("mcp-servers").value = Object.keys(servers).length ? JSON.stringify(servers, null, 2) : "";
    if (Object.keys(servers).length) await check();
    else $("mcp-status").replaceChildren();
  } catch (e) {
    result(false, e.message);
  }
}

async function check() {
  const list = $("mcp-status");
  list.replaceChildren(Object.assign(document.createElement("li"), { className: "muted", textContent: "Starting the servers…" }));
  try {
    const reply = await request({ type: "mcp_status" }, 90000);
    render(reply.servers ?? []);
  } catch (e) {
    list.replaceChildren();
    result(false, e.message);
  }
}

function render(servers) {
  const items = servers.map((s) => {
    const li = document.createElement("li");
    li.className = `mcp-server ${s.state}`;
    li.dataset.testid = "mcp-server";
    li.dataset.state = s.state;
    const head = document.createElement("strong");
    head.textContent = `${s.state === "ready" ? "✓" : "✗"} ${s.name}`;
    const what = document.createElement("span");
    what.className = "muted";
    what.textContent = ` · ${s.transport} · ${s.trust === "read" ? "runs without asking" : "asks first"}`;
    li.append(head, what);
    const detail = document.createElement("p");
    detail.className = "hint";
    detail.textContent = s.state === "ready"
      ? (s.tools.map((t) => t.tool).join(", ") || "no tools")
      : `${s.state}${s.error ? `: ${s.error}` : ""}`;
    li.append(detail);
    if (s.stderr) {
      const tail = document.createElement("pre");
      tail.className = "mcp-stderr";
      tail.textContent = s.stderr.split("\n").slice(-8).join("\n");
      li.append(tail);
    }
    return li;
  });
  $("mcp-status").replaceChildren(...items);
}

function result(ok, text) {
  const el = $("mcp-result");
  el.textContent = text;
  el.className = `result ${ok ? "ok" : "bad"}`;
}

$("mcp-form").addEventListener("submit", async (e) => {
  e.preventDefault();
  const text = $("mcp-servers").value.trim();
  let servers;
  try {
    servers = text ? JSON.parse(text) : {};
  } catch (err) {
    return result(false, `That is not valid JSON: ${err.message}`);
  }
  try {
    const reply = await request({ type: "set_settings", settings: { mcp_servers: servers } }, 15000);
    const saved = reply.settings.mcp_servers ?? {};
    $("mcp-servers").value = Object.keys(saved).length ? JSON.stringify(saved, null, 2) : "";
    result(true, "Saved.");
    if (Object.keys(saved).length) await check(); else $("mcp-status").replaceChildren();
  } catch (err) {
    result(false, err.message);
  }
});

$("mcp-servers").addEventListener("input", () => { edited = true; });
$("check-mcp").addEventListener("click", () => check());
$("open-settings").addEventListener("click", () => { if (!$("settings").hidden) load(); });
