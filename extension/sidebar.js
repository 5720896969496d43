// Tabmate sidebar (entry): which tab's chat to show, and the background's messages routed to
// the parts of the page. Talks only to the background (sidebar_link.js); the background owns
// the helper connection and the per-tab state, so closing and reopening the sidebar loses nothing.
//   sidebar_chat.js      the transcript, confirmation card and composer
//   sidebar_settings.js  the settings panel
//   sidebar_mcp.js       the settings panel's MCP servers
//   sidebar_banner.js    the helper's status and short notices
//   sidebar_history.js   past conversations: search, open, rename, export, delete
//   sidebar_prompts.js   saved prompts as quick-action chips and / commands
//   sidebar_picker.js    the profile / model picker in the header
//   sidebar_comforts.js  regenerate, edit the last question, copy the conversation, Esc
//   markdown.js          answers rendered as sanitized markdown
import { showHostStatus, showNotice, toast } from "./sidebar_banner.js";
import { applyDelta, setTab, showState, viewedTab } from "./sidebar_chat.js";
import { historyChanged, initHistory } from "./sidebar_history.js";
import { connectLink, send } from "./sidebar_link.js";
import "./sidebar_mcp.js"; // the settings panel's MCP servers
import { showPick } from "./sidebar_picker.js";
import { loadPrompts } from "./sidebar_prompts.js";

const api = globalThis.browser ?? globalThis.chrome;
const $ = (id) => document.getElementById(id);
// ?tab=ID pins the sidebar to one tab (tests open the sidebar page in a tab of its own)
const params = new URLSearchParams(location.search);
const pinnedTab = params.has("tab") ? Number(params.get("tab")) : null;

function onMessage(msg) {
  switch (msg.type) {
    case "state":
      showPick(msg, viewedTab);
      return showState(msg);
    case "delta":
      return applyDelta(msg);
    case "host":
      return showHostStatus(msg.host);
    case "notice":
      return toast(msg.text);
    case "host_notice":
      return showNotice(msg.notice);
    case "history_changed":
      return historyChanged();
    default:
      return undefined;
  }
}

// ------------------------------------------------------------------ which tab
async function currentTab() {
  if (pinnedTab !== null) return pinnedTab;
  const [tab] = await api.tabs.query({ active: true, currentWindow: true });
  return tab?.id ?? null;
}

function showTab(id) {
  if (id === null || id === viewedTab()) return;
  setTab(id);
  send({ type: "hello", tabId: id });
  updatePageName();
}

async function updatePageName() {
  try {
    const tab = await api.tabs.get(viewedTab());
    $("page-name").textContent = tab.title || tab.url || "";
  } catch {
    $("page-name").textContent = "";
  }
}

// ------------------------------------------------------------------ start
initHistory(viewedTab);
connectLink({
  message: onMessage,
  reconnected: () => { if (viewedTab() !== null) send({ type: "hello", tabId: viewedTab() }); loadPrompts(viewedTab); },
});
currentTab().then(showTab);
loadPrompts(viewedTab);
if (pinnedTab === null) {
  api.tabs.onActivated.addListener(async ({ tabId: id, windowId }) => {
    const win = await api.windows.getCurrent();
    if (windowId === win.id) showTab(id);
  });
  api.tabs.onUpdated.addListener((id, info) => { if (id === viewedTab() && (info.title || info.url)) updatePageName(); });
}
$("chat-input").focus();
