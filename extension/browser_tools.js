// The browser tools the helper's model may call (CONTRACT.md: get_page, get_selection,
// search_web, open_url, click_element, fill_input, scroll, draft_email): each tool_request
// runs in the tab its chat is about and is answered with a tool_result.

import { chatTab, showDraft } from "./chats.js";
import { post } from "./native_port.js";
import { inTab, pageSnapshot, waitForLoad } from "./tab_content.js";

const api = globalThis.browser ?? globalThis.chrome;

function decodeEntities(s) {
  return s.replace(/<[^>]+>/g, "").replace(/&amp;/g, "&").replace(/&lt;/g, "<").replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"').replace(/&#x27;|&#39;/g, "'").replace(/&nbsp;/g, " ").replace(/\s+/g, " ").trim();
}

async function searchWeb(query) {
  const url = `https://html.duckduckgo.com/html/?q=${encodeURIComponent(query)}`;
  const res = await fetch(url, { credentials: "omit" });
  if (!res.ok) throw new Error(`the search page answered HTTP ${res.status}`);
  const html = await res.text();
  const results = [];
  const re = /<a[^>]+class="result__a"[^>]+href="([^"]+)"[^>]*>([\s\S]*?)<\/a>[\s\S]*?(?:class="result__snippet"[^>]*>([\s\S]*?)<\/a>)?/g;
  let m;
  while ((m = re.exec(html)) && results.length < 8) {
    let href = decodeEntities(m[1]);
    const uddg = /[?&]uddg=([^&]+)/.exec(href);
    if (uddg) href = decodeURIComponent(uddg[1]);
    if (href.startsWith("//")) href = `https:${href}`;
    results.push({ title: decodeEntities(m[2]), url: href, snippet: decodeEntities(m[3] ?? "") });
  }
  return { query, results, source: "DuckDuckGo" };
}

async function openUrl(tabId, address) {
  const url = new URL(String(address ?? ""));
  if (!/^https?:$/.test(url.protocol)) throw new Error("only http and https addresses can be opened");
  const loadDone = waitForLoad(tabId);
  await api.tabs.update(tabId, { url: url.href });
  await loadDone;
  const tab = await api.tabs.get(tabId);
  return { opened: url.href, url: tab.url, title: tab.title };
}

async function runTool(tabId, tool, args) {
  switch (tool) {
    case "get_page":
      return pageSnapshot(tabId);
    case "get_selection":
      return inTab(tabId, "selection");
    case "click_element":
      return inTab(tabId, "click", args);
    case "fill_input":
      return inTab(tabId, "fill", args);
    case "scroll":
      return inTab(tabId, "scroll", args);
    case "search_web":
      return searchWeb(String(args.query ?? ""));
    case "open_url":
      return openUrl(tabId, args.url);
    case "draft_email":
      showDraft(tabId, { to: args.to ?? "", subject: args.subject ?? "", body: String(args.body ?? "") });
      return { shown_to_user: true, note: "The draft is shown in the sidebar with Copy and Open in mail app buttons." };
    default:
      throw new Error(`unknown browser tool ${tool}`);
  }
}

/** A tool_request from the helper: run it in the chat's tab and answer tool_result. */
export async function runToolRequest(msg) {
  const tabId = chatTab(msg.chat);
  let reply;
  if (tabId === null) {
    reply = { type: "tool_result", id: msg.id, ok: false, error: "that chat is no longer running" };
  } else {
    try {
      const result = await runTool(tabId, msg.tool, msg.args ?? {});
      reply = { type: "tool_result", id: msg.id, ok: true, result };
    } catch (e) {
      reply = { type: "tool_result", id: msg.id, ok: false, error: String(e?.message ?? e) };
    }
  }
  try { post(reply); } catch { /* the port is gone; the chat fails through onDisconnect */ }
}
