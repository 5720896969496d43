// Settings → Saved prompts: the library as a list the user can edit, reorder, hide from the
// quick actions, show in the context menu, delete, add to, import from and export to JSON.
// Every change is saved to the helper at once (set_settings {prompts}); the helper checks it
// and its answer is what the list shows, so a refused change never leaves the list wrong.
import { promptList, setPrompts } from "./sidebar_prompts.js";
import { request } from "./sidebar_link.js";

const box = document.getElementById("prompts-section");
const PLACEHOLDERS = "{{input}} {{selection}} {{page}} {{title}} {{url}} {{language}}";
let editing = null; // id being edited, or "" for a new prompt

function el(tag, props = {}, ...children) {
  const node = Object.assign(document.createElement(tag), props);
  node.append(...children);
  return node;
}

function note(text, ok) {
  const out = box.querySelector(".prompts-result");
  out.textContent = text;
  out.className = `result prompts-result ${ok ? "ok" : "bad"}`;
}

async function save(list, done = "Saved.") {
  try {
    const reply = await request({ type: "set_settings", settings: { prompts: list } }, 15000);
    setPrompts(reply.settings.prompts);
    editing = null;
    render();
    note(done, true);
    return true;
  } catch (e) {
    note(e.message, false);
    return false;
  }
}

// Changes are saved one after another, each made to the list the one before it left: two
// boxes ticked in quick succession both count (each used to save the list as it was drawn,
// and the second undid the first). While any is on its way the section has data-saving.
let queue = Promise.resolve();
let inFlight = 0;

function change(edit, done = "Saved.") {
  inFlight += 1;
  box.dataset.saving = "true";
  queue = queue.then(() => save(edit(promptList()), done)).catch((e) => note(e.message, false)).finally(() => {
    inFlight -= 1;
    if (!inFlight) delete box.dataset.saving;
  });
  return queue;
}

function button(text, label, onClick, testid) {
  const b = el("button", { type: "button", className: "ghost small", textContent: text, title: label });
  b.setAttribute("aria-label", label);
  if (testid) b.dataset.testid = testid;
  b.addEventListener("click", onClick);
  return b;
}

function row(p, i, list) {
  const move = (d) => change((now) => {
    const next = [...now];
    const at = next.findIndex((x) => x.id === p.id);
    if (at < 0 || !next[at + d]) return next;
    [next[at], next[at + d]] = [next[at + d], next[at]];
    return next;
  }, "Order saved.");
  const toggle = (key, label) => {
    const input = el("input", { type: "checkbox", checked: !!p[key] });
    input.dataset.testid = `prompt-${key}`;
    input.addEventListener("change", () => {
      const on = input.checked;
      change((now) => now.map((x) => (x.id === p.id ? { ...x, [key]: on } : x)));
    });
    return el("label", { className: "check small-check" }, input, ` ${label}`);
  };
  const up = button("↑", `Move ${p.title} up`, () => move(-1));
  const down = button("↓", `Move ${p.title} down`, () => move(1));
  up.disabled = i === 0;
  down.disabled = i === list.length - 1;
  const head = el("div", { className: "prompt-head" },
    el("b", { textContent: p.title }), el("code", { textContent: `/${p.id}` }),
    p.kind === "draft" ? el("em", { className: "badge", textContent: "draft" }) : "");
  const tools = el("div", { className: "prompt-tools" }, toggle("chip", "Quick action"), toggle("menu", "Context menu"),
    up, down, button("Edit", `Edit ${p.title}`, () => { editing = p.id; render(); }, "prompt-edit"),
    button("Delete", `Delete ${p.title}`, () => change((now) => now.filter((x) => x.id !== p.id), "Deleted."), "prompt-delete"));
  const li = el("li", { className: "prompt-row" }, head, tools);
  li.dataset.testid = "prompt-row";
  li.dataset.prompt = p.id;
  return li;
}

function slug(text) {
  return text.toLowerCase().normalize("NFKD").replace(/[^a-z0-9]+/g, "-").replace(/^-+|-+$/g, "").slice(0, 40) || "prompt";
}

function editor(p) {
  const title = el("input", { value: p?.title ?? "", placeholder: "Fix my grammar", required: true });
  title.dataset.testid = "prompt-title";
  const id = el("input", { value: p?.id ?? "", placeholder: "fix (the / command)", spellcheck: false });
  id.dataset.testid = "prompt-id";
  const template = el("textarea", { value: p?.template ?? "", rows: 5, placeholder: `Correct the grammar of {{selection}}.\n${PLACEHOLDERS}` });
  template.dataset.testid = "prompt-template";
  const kind = el("select", {}, el("option", { value: "answer", textContent: "An answer in the chat" }),
    el("option", { value: "draft", textContent: "A draft to insert into the page" }));
  kind.value = p?.kind ?? "answer";
  kind.dataset.testid = "prompt-kind";
  const form = el("form", { className: "prompt-editor" },
    el("label", { textContent: "Title" }), title,
    el("label", { textContent: "Command" }), id,
    el("label", { textContent: "Template" }), template,
    el("p", { className: "hint", textContent: `Placeholders: ${PLACEHOLDERS}. What you type after the command goes into {{input}} (or at the end).` }),
    el("label", { textContent: "Produces" }), kind,
    el("div", { className: "buttons" },
      el("button", { type: "submit", className: "primary small", textContent: "Save prompt" }),
      button("Cancel", "Cancel editing", () => { editing = null; render(); })));
  form.querySelector("[type=submit]").dataset.testid = "prompt-save";
  form.addEventListener("submit", (e) => {
    e.preventDefault();
    const next = { ...(p ?? { chip: false, menu: false }), title: title.value.trim(), id: id.value.trim() || slug(title.value),
      template: template.value, kind: kind.value };
    change((now) => (p ? now.map((x) => (x.id === p.id ? next : x)) : [...now, next]));
  });
  queueMicrotask(() => title.focus());
  return form;
}

// ------------------------------------------------------------------ import / export
function download(name, data) {
  const url = URL.createObjectURL(new Blob([JSON.stringify(data, null, 2)], { type: "application/json" }));
  const a = el("a", { href: url, download: name });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10000);
}

/** Read a JSON file the user picked (null when they cancel). */
export function pickJson() {
  return new Promise((resolve, reject) => {
    const input = el("input", { type: "file", accept: "application/json,.json" });
    input.addEventListener("change", async () => {
      try {
        resolve(input.files[0] ? JSON.parse(await input.files[0].text()) : null);
      } catch {
        reject(new Error("That file is not valid JSON."));
      }
    });
    input.click();
  });
}

export { download };

async function importPrompts() {
  try {
    const data = await pickJson();
    if (data === null) return;
    const incoming = Array.isArray(data) ? data : data?.prompts;
    if (!Array.isArray(incoming)) throw new Error("Expected a list of prompts ({id, title, template}).");
    // same id: the imported one replaces it; new ids are added at the end
    await change((now) => {
      const byId = new Map(now.map((p) => [p.id, p]));
      for (const p of incoming) byId.set(p?.id, p);
      return [...byId.values()];
    }, `Imported ${incoming.length} prompt${incoming.length === 1 ? "" : "s"}.`);
  } catch (e) {
    note(e.message, false);
  }
}

// ------------------------------------------------------------------ the section
export function render() {
  const list = promptList();
  const items = list.map((p, i) => (editing === p.id ? el("li", {}, editor(p)) : row(p, i, list)));
  if (editing === "") items.push(el("li", {}, editor(null)));
  const ul = el("ul", { className: "prompt-list" }, ...items);
  ul.dataset.testid = "prompt-list";
  const add = button("+ New prompt", "Add a saved prompt", () => { editing = ""; render(); }, "prompt-add");
  add.className = "secondary small";
  const exp = button("Export", "Export the saved prompts as JSON", () => download("tabmate-prompts.json", { prompts: list }), "prompts-export");
  const imp = button("Import…", "Import saved prompts from a JSON file", importPrompts, "prompts-import");
  const keepNote = box.querySelector(".prompts-result");
  box.replaceChildren(el("h3", { textContent: "Saved prompts" }),
    el("p", { className: "hint", textContent: "Quick actions under the chat, /commands in the message box, entries in the right-click menu." }),
    ul, el("div", { className: "buttons" }, add, exp, imp),
    keepNote ?? el("p", { className: "result prompts-result", role: "status" }));
}
