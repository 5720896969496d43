// Confirmations in the background: the helper's confirm_request (or another program's,
// through `tabmate mcp serve`) becomes the tab's card — with the element, a link's href and
// the helper's details (what goes where, see native_host/permissions.py) — and the user's
// Allow / Deny goes back as confirm_result. The card itself is sidebar_confirm.js.

import { chatTab, lastAssistant, publish, tabState, tabs } from "./chats.js";
import { post } from "./native_port.js";
import { inTab } from "./tab_content.js";

const api = globalThis.browser ?? globalThis.chrome;

// ------------------------------------------------------------------ confirmations
/** The helper asks before an action: show a card (Allow / Deny) in the tab's sidebar. */
/** The tab another program's requests (`tabmate mcp serve`: msg.agent) act on: the active tab of
 * the last focused window — unless that is Tabmate's own page (the sidebar page standing alone in
 * a window of its own), then the active web tab the user was on last. */
export async function agentTab() {
  const own = api.runtime.getURL("");
  const [tab] = await api.tabs.query({ active: true, lastFocusedWindow: true });
  if (tab && !tab.url?.startsWith(own)) return tab.id;
  const others = (await api.tabs.query({ active: true })).filter((t) => !t.url?.startsWith(own));
  others.sort((a, b) => (b.lastAccessed ?? 0) - (a.lastAccessed ?? 0));
  return others[0]?.id ?? null;
}

/** Another program asks to act (msg.agent, no chat): the card names it and the element it would touch. */
async function onAgentConfirm(msg) {
  const tabId = await agentTab();
  const args = msg.args ?? {};
  const deny = () => { try { post({ type: "confirm_result", id: msg.id, approved: false }); } catch { /* ignore */ } };
  if (tabId === null || tabState(tabId).confirm) return deny(); // no tab, or the user is already asked something
  let summary = msg.summary;
  if (args.index !== undefined) {
    const described = await inTab(tabId, "describe", args).then((r) => r.label, () => null);
    const label = described?.match(/^[\w-]+ "(.*)"$/s)?.[1] ?? described; // button "Send" → Send
    if (label && msg.tool === "click_element") summary = `${msg.agent} wants to click '${label}'`;
    if (label && msg.tool === "fill_input") summary = `${msg.agent} wants to type “${args.text ?? ""}” into '${label}'`;
  }
  const st = tabState(tabId);
  st.confirm = { id: msg.id, chat: null, agent: msg.agent, tool: msg.tool, args, summary, site: null,
    target: msg.tool === "open_url" ? String(args.url ?? "") : null };
  st.status = `${msg.agent} is waiting for your permission…`;
  publish(tabId, true);
  badge(tabId, "!"); // the sidebar may be closed: the toolbar button says something is asked
}

function badge(tabId, text) {
  try { api.action?.setBadgeText?.({ tabId, text })?.catch?.(() => {}); } catch { /* no badge API */ }
}

export async function onConfirmRequest(msg) {
  if (msg.agent) return onAgentConfirm(msg);
  const chatTabId = chatTab(msg.chat);
  if (chatTabId === null) {
    try { post({ type: "confirm_result", id: msg.id, approved: false }); } catch { /* ignore */ }
    return;
  }
  const args = msg.args ?? {};
  let target = null;
  let href = null;
  if (args.index !== undefined) {
    // name the element (and a link's address) and highlight it, so the user sees what would be touched
    const d = await inTab(chatTabId, "describe", args).catch((e) => ({ label: `(${e.message})` }));
    target = d.label;
    href = d.href ?? null;
  } else if (msg.tool.startsWith("mcp__")) { // an MCP server's tool: show exactly what it is given
    const shown = JSON.stringify(args);
    target = shown.length > 400 ? `${shown.slice(0, 399)}…` : shown;
  }
  if (chatTab(msg.chat) === null) return;
  const st = tabState(chatTabId);
  st.confirm = {
    id: msg.id, chat: msg.chat, tool: msg.tool, args, summary: msg.summary, site: msg.site ?? null,
    details: msg.details ?? null, target, href,
  };
  st.status = "Waiting for your permission…";
  publish(chatTabId, true);
}

export function answerConfirm(tabId, id, approved, remember) {
  const st = tabs.get(tabId);
  if (!st?.confirm || st.confirm.id !== id) return;
  const card = st.confirm;
  st.confirm = null;
  st.status = card.agent ? null : approved ? "Working…" : "Thinking…";
  if (card.agent) badge(tabId, "");
  const idx = st.messages.indexOf(lastAssistant(st, card.chat));
  const note = { role: "status", text: `${approved ? "Allowed" : "Denied"}: ${card.summary}${approved && remember && card.site ? ` (always on ${card.site})` : ""}`, chat: card.chat };
  if (idx >= 0) st.messages.splice(idx, 0, note); else st.messages.push(note);
  publish(tabId, true);
  post({ type: "confirm_result", id, approved: !!approved, remember: !!(approved && remember) });
}
