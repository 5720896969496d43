// Saved prompts in the chat: the quick-action chips (the user's order, hidden ones left out)
// and "/" commands in the composer with completion. The library lives in the helper's
// settings (`prompts`); the settings panel edits it (sidebar_prompt_editor.js) and hands the
// new list to setPrompts(), which also refreshes the context menu through the background.
import { takeAttachments } from "./sidebar_attach.js";
import { request, send } from "./sidebar_link.js";

const $ = (id) => document.getElementById(id);
const input = $("chat-input");
const quickActions = $("quick-actions"); // the prompt chips under the chat (the notice banner has .actions too)
let prompts = []; // [{id, title, template, kind, chip, menu}]
let tabOf = () => null; // the tab whose chat is shown
let active = 0; // highlighted entry of the / menu
let matches = [];

/** Fetch the library from the helper (at start-up and after a reconnect). */
export async function loadPrompts(viewedTab) {
  tabOf = viewedTab;
  try {
    const reply = await request({ type: "get_settings" }, 15000);
    setPrompts(reply.settings.prompts ?? []);
    document.dispatchEvent(new CustomEvent("tabmate:settings", { detail: reply.settings })); // picker, profiles
  } catch { /* the helper is not there yet: the built-in chips stay */ }
}

export function setPrompts(list) {
  prompts = list;
  renderChips();
  quickActions.dataset.loaded = "true";
  if (document.activeElement === input) update(); // a "/" typed before the library arrived
  send({ type: "prompts", prompts: list.map(({ id, title, menu }) => ({ id, title, menu })) });
}

export function promptList() {
  return prompts;
}

// ------------------------------------------------------------------ chips
function renderChips() {
  const had = new Map([...quickActions.children].map((b) => [b.dataset.testid, b]));
  const chips = prompts.filter((p) => p.chip).map((p) => {
    const b = had.get(`action-${p.id}`) ?? document.createElement("button");
    b.type = "button";
    b.className = "chip";
    b.dataset.testid = `action-${p.id}`;
    b.dataset.prompt = p.id;
    b.textContent = p.title;
    b.title = p.kind === "draft" ? `${p.title} (makes a draft you can insert into the page)` : p.title;
    return b;
  });
  // the same chips in the same order stay in place: a click on one just as the library
  // arrives (pressed on a button that was then replaced) would otherwise be lost
  const kept = chips.length === quickActions.children.length && chips.every((b, i) => quickActions.children[i] === b);
  if (!kept) quickActions.replaceChildren(...chips);
  quickActions.hidden = !chips.length;
}

// one listener for the bar: the built-in chips in sidebar.html work before the library loads
quickActions.addEventListener("click", (e) => {
  const chip = e.target.closest(".chip");
  if (!chip || chip.disabled || tabOf() === null) return;
  const id = chip.dataset.prompt ?? chip.id.replace(/^action-/, "");
  const typed = input.value.trim(); // words in the composer go along as {{input}}
  input.value = "";
  input.dispatchEvent(new Event("input"));
  send({ type: "chat", tabId: tabOf(), text: typed, prompt: id, title: chip.textContent, ...takeAttachments() });
});

// ------------------------------------------------------------------ "/" commands
/** The composer's text as a chat message: "/id words" runs that saved prompt with the words. */
export function composed(text) {
  const m = /^\/([a-z0-9][a-z0-9_-]*)(?:\s+([\s\S]*))?$/.exec(text);
  const p = m && prompts.find((x) => x.id === m[1]);
  return p ? { text: (m[2] ?? "").trim(), prompt: p.id, title: p.title } : { text };
}

const menu = document.createElement("ul");
menu.className = "slash-menu";
menu.id = "slash-menu";
menu.dataset.testid = "slash-menu";
menu.setAttribute("role", "listbox");
menu.setAttribute("aria-label", "Saved prompts");
menu.hidden = true;
$("composer").before(menu);
input.setAttribute("aria-controls", "slash-menu");

function query() {
  const m = /^\/([\w-]*)$/.exec(input.value);
  return m ? m[1].toLowerCase() : null;
}

function update() {
  const q = query();
  matches = q === null ? [] : prompts.filter((p) => p.id.startsWith(q) || p.title.toLowerCase().includes(q));
  if (!matches.length) return close();
  active = Math.min(active, matches.length - 1);
  menu.replaceChildren(...matches.map((p, i) => {
    const li = document.createElement("li");
    li.id = `slash-${p.id}`;
    li.dataset.testid = "slash-item";
    li.dataset.prompt = p.id;
    li.setAttribute("role", "option");
    li.setAttribute("aria-selected", String(i === active));
    const cmd = Object.assign(document.createElement("b"), { textContent: `/${p.id}` });
    const title = Object.assign(document.createElement("span"), { textContent: p.title });
    li.append(cmd, title);
    if (p.kind === "draft") li.append(Object.assign(document.createElement("em"), { textContent: "draft" }));
    li.addEventListener("mousedown", (e) => { e.preventDefault(); choose(i); });
    return li;
  }));
  menu.hidden = false;
  input.setAttribute("aria-activedescendant", `slash-${matches[active].id}`);
}

function close() {
  menu.hidden = true;
  matches = [];
  active = 0;
  input.removeAttribute("aria-activedescendant");
}

function choose(i) {
  input.value = `/${matches[i].id} `;
  close();
  input.focus();
  input.dispatchEvent(new Event("input"));
}

input.addEventListener("input", update);
input.addEventListener("blur", close);
// capture: runs before the composer's own Enter (send) and Escape (stop) handling
input.addEventListener("keydown", (e) => {
  if (menu.hidden) return;
  const moves = { ArrowDown: 1, ArrowUp: -1 };
  if (e.key in moves) {
    active = (active + moves[e.key] + matches.length) % matches.length;
    update();
  } else if (e.key === "Enter" || e.key === "Tab") {
    choose(active);
  } else if (e.key === "Escape") {
    close();
  } else {
    return;
  }
  e.preventDefault();
  e.stopImmediatePropagation();
}, true);
