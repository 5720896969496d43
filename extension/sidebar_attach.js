// Attachments in the composer: "Add tabs" (and "@" in the message box) lists this window's tabs
// to send along; the camera button attaches a screenshot of the visible tab. Chosen items show
// as chips above the message box until sent; sent messages show their chips ("PDF · 12 pages",
// "3 tabs", "screenshot", "transcript · 18 min").
import { screenshotOf } from "./capture.js";

const api = globalThis.browser ?? globalThis.chrome;
const $ = (id) => document.getElementById(id);
const MAX_TABS = 10;

let viewed = () => null; // the tab whose chat is shown (set by sidebar_chat.js)
const chosen = new Map(); // tab id → title
let shot = null; // data URL of the attached screenshot

const SVG = "http://www.w3.org/2000/svg";
function button(testid, title, label) {
  const b = Object.assign(document.createElement("button"), { type: "button", className: "chip attach-btn", title });
  b.dataset.testid = testid;
  if (label) b.textContent = label;
  return b;
}
function cameraIcon() {
  const svg = document.createElementNS(SVG, "svg");
  svg.setAttribute("viewBox", "0 0 24 24");
  svg.setAttribute("aria-hidden", "true");
  const body = document.createElementNS(SVG, "path");
  body.setAttribute("d", "M4 8h3l2-3h6l2 3h3v11H4z");
  const lens = document.createElementNS(SVG, "circle");
  Object.entries({ cx: 12, cy: 13, r: 3.5 }).forEach(([k, v]) => lens.setAttribute(k, String(v)));
  svg.append(body, lens);
  return svg;
}
const bar = document.createElement("div");
bar.className = "attach-bar";
const addTabs = button("add-tabs", "Add other tabs to your message (or type @)", "+ Tabs");
addTabs.setAttribute("aria-haspopup", "listbox");
addTabs.setAttribute("aria-expanded", "false");
const camera = button("attach-screenshot", "Attach a screenshot of the visible tab (for models that read images)");
camera.setAttribute("aria-label", "Attach a screenshot");
camera.append(cameraIcon());
const chipBox = Object.assign(document.createElement("span"), { className: "attach-chips" });
chipBox.dataset.testid = "attachments";
chipBox.setAttribute("aria-live", "polite");
bar.append(addTabs, camera, chipBox);
const picker = document.createElement("div");
picker.className = "tab-picker";
picker.dataset.testid = "tab-picker";
picker.setAttribute("role", "listbox");
picker.setAttribute("aria-multiselectable", "true");
picker.hidden = true;

/** Put the controls above the composer; `current` gives the tab in view. */
export function setupAttachments(current) {
  viewed = current;
  const composer = $("composer");
  composer.before(bar, picker);
  addTabs.addEventListener("click", () => togglePicker());
  camera.addEventListener("click", attachScreenshot);
  const input = $("chat-input");
  input.addEventListener("input", (e) => {
    if (e.data === "@" && /(^|\s)@$/.test(input.value.slice(0, input.selectionStart))) togglePicker(true);
  });
  input.addEventListener("keydown", (e) => { if (e.key === "Escape" && !picker.hidden) { e.stopPropagation(); togglePicker(false); } });
  document.addEventListener("click", (e) => {
    if (!picker.hidden && !picker.contains(e.target) && !bar.contains(e.target)) togglePicker(false);
  });
}

async function togglePicker(open = picker.hidden) {
  picker.hidden = !open;
  addTabs.setAttribute("aria-expanded", String(open));
  if (!open) return;
  picker.replaceChildren(note("Loading tabs…"));
  // the tabs beside the page this chat is about (the sidebar's own window may be another one)
  const windowId = (await api.tabs.get(viewed()).catch(() => null))?.windowId;
  const all = await api.tabs.query(windowId === undefined ? { currentWindow: true } : { windowId }).catch(() => []);
  const self = location.href.split("?")[0];
  const tabs = all.filter((t) => t.id !== viewed() && /^(https?|file):/.test(t.url ?? "") && !(t.url ?? "").startsWith(self));
  picker.replaceChildren(...(tabs.length ? tabs.map(option) : [note("No other web pages are open in this window.")]));
}

function note(text) {
  const p = document.createElement("p");
  p.className = "muted";
  p.textContent = text;
  return p;
}

function option(tab) {
  const label = document.createElement("label");
  label.className = "tab-option";
  label.dataset.testid = "tab-option";
  label.dataset.tabId = String(tab.id);
  const box = document.createElement("input");
  box.type = "checkbox";
  box.checked = chosen.has(tab.id);
  box.addEventListener("change", () => {
    if (box.checked && chosen.size >= MAX_TABS) { box.checked = false; return; }
    if (box.checked) chosen.set(tab.id, tab.title || tab.url); else chosen.delete(tab.id);
    dropAt();
    showChips();
  });
  const title = document.createElement("span");
  title.textContent = tab.title || tab.url;
  const host = document.createElement("small");
  host.className = "muted";
  try { host.textContent = new URL(tab.url).host || "file"; } catch { host.textContent = ""; }
  label.append(box, title, host);
  return label;
}

/** The "@" that opened the list goes once a tab is chosen. */
function dropAt() {
  const input = $("chat-input");
  const at = input.value.slice(0, input.selectionStart).search(/(^|\s)@$/);
  if (at >= 0) input.value = input.value.slice(0, input.selectionStart - 1) + input.value.slice(input.selectionStart);
}

async function attachScreenshot() {
  camera.disabled = true;
  try {
    shot = await screenshotOf(viewed());
    showChips();
  } catch (e) {
    shot = null;
    showChips(`Could not take a screenshot: ${e?.message ?? e}`);
  } finally {
    camera.disabled = false;
  }
}

function showChips(problem = "") {
  const chips = [];
  for (const [id, title] of chosen) chips.push(pending(title, () => { chosen.delete(id); showChips(); }));
  if (shot) {
    const c = pending("screenshot", () => { shot = null; showChips(); });
    const img = document.createElement("img");
    img.src = shot;
    img.alt = "";
    c.prepend(img);
    chips.push(c);
  }
  if (problem) chips.push(note(problem));
  chipBox.replaceChildren(...chips);
}

function pending(text, remove) {
  const chip = document.createElement("span");
  chip.className = "attach-chip";
  chip.dataset.testid = "attachment-chip";
  const name = document.createElement("span");
  name.textContent = text.length > 40 ? `${text.slice(0, 39)}…` : text;
  name.title = text;
  const x = document.createElement("button");
  x.type = "button";
  x.textContent = "×";
  x.setAttribute("aria-label", `Remove ${text}`);
  x.addEventListener("click", remove);
  chip.append(name, x);
  return chip;
}

/** What the next message carries ({attach} or {}); the composer is cleared of it. */
export function takeAttachments() {
  if (!chosen.size && !shot) return {};
  const attach = { tabs: [...chosen.keys()], ...(shot ? { screenshot: shot } : {}) };
  chosen.clear();
  shot = null;
  togglePicker(false);
  showChips();
  return { attach };
}

/** The chips on a sent message. */
export function chipsEl(chips) {
  const row = document.createElement("div");
  row.className = "msg-chips";
  for (const text of chips) {
    const c = document.createElement("span");
    c.className = "msg-chip";
    c.dataset.testid = "message-chip";
    c.textContent = text;
    row.append(c);
  }
  return row;
}
