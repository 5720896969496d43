// Settings → Profiles: named provider set-ups ("OpenAI", "Local llama.cpp", "Claude") the
// chat header's picker switches between. Each has its own API key, sent once to the helper,
// kept there bound to that profile's server and only ever shown back as "key set".
// Test connection runs per profile with the helper's stored key.
import { request } from "./sidebar_link.js";

const box = document.getElementById("profiles-section");
const PROVIDERS = { openai: "OpenAI", openrouter: "OpenRouter", ollama: "Ollama (local)", anthropic: "Anthropic",
  openai_compatible: "Custom (OpenAI-compatible)" };
let profiles = {};
let editing = null; // name being edited, "" for a new one

function el(tag, props = {}, ...children) {
  const node = Object.assign(document.createElement(tag), props);
  node.append(...children);
  return node;
}

function testid(node, id) {
  node.dataset.testid = id;
  return node;
}

function note(text, ok) {
  const out = box.querySelector(".profiles-result");
  if (!out) return;
  out.textContent = text;
  out.className = `result profiles-result ${ok ? "ok" : "bad"}`;
}

async function save(next, done) {
  try {
    const reply = await request({ type: "set_settings", settings: { profiles: next } }, 15000);
    document.dispatchEvent(new CustomEvent("tabmate:settings", { detail: reply.settings }));
    profiles = reply.settings.profiles ?? {};
    editing = null;
    render();
    note(done, true);
  } catch (e) {
    note(e.message, false);
  }
}

/** The profiles as set_settings wants them: without the helper's read-only flags. */
function plain(all) {
  return Object.fromEntries(Object.entries(all).map(([n, p]) => {
    const { api_key_set: _set, api_key_origin: _origin, ...rest } = p;
    return [n, rest];
  }));
}

async function test(name, out) {
  out.textContent = "Testing…";
  out.className = "result pending";
  try {
    const r = await request({ type: "test_connection", settings: { profile: name } }, 60000);
    out.textContent = r.ok ? `✓ ${r.message} · ${r.latency_ms} ms` : `✗ ${r.message}`;
    out.className = `result ${r.ok ? "ok" : "bad"}`;
    out.dataset.ok = String(r.ok);
  } catch (e) {
    out.textContent = `✗ ${e.message}`;
    out.className = "result bad";
    out.dataset.ok = "false";
  }
}

function row(name, p) {
  const result = testid(el("p", { className: "result", role: "status" }), "profile-test-result");
  const small = (text, id, fn) => {
    const b = testid(el("button", { type: "button", className: "ghost small", textContent: text }), id);
    b.addEventListener("click", fn);
    return b;
  };
  const others = { ...plain(profiles) };
  delete others[name];
  const li = el("li", { className: "profile-row" },
    el("div", { className: "profile-head" }, el("b", { textContent: name }),
      el("code", { textContent: [PROVIDERS[p.provider] ?? p.provider, p.model || "default model", p.base_url].filter(Boolean).join(" · ") })),
    el("div", { className: "profile-tools" },
      el("span", { className: "hint", textContent: p.api_key_set ? "key set" : "no key" }),
      small("Test connection", "profile-test", () => test(name, result)),
      small("Edit", "profile-edit", () => { editing = name; render(); }),
      small("Delete", "profile-delete", () => save(others, `Deleted ${name} and its key.`))),
    result);
  li.dataset.testid = "profile-row";
  li.dataset.profile = name;
  return li;
}

function editor(name) {
  const p = name ? profiles[name] : { provider: "openai_compatible" };
  const nameInput = testid(el("input", { value: name ?? "", placeholder: "Local llama.cpp", maxLength: 40 }), "profile-name");
  const provider = testid(el("select", {}, ...Object.entries(PROVIDERS).map(([v, t]) => el("option", { value: v, textContent: t }))), "profile-provider");
  provider.value = p.provider;
  const model = testid(el("input", { value: p.model ?? "", placeholder: "Provider default", spellcheck: false }), "profile-model");
  const url = testid(el("input", { value: p.base_url ?? "", placeholder: "Provider default (custom: up to /v1)", spellcheck: false }), "profile-base-url");
  const key = testid(el("input", { type: "password", autocomplete: "off", placeholder: p.api_key_set ? "Set — type to replace" : "Not set" }), "profile-api-key");
  const form = el("form", { className: "profile-editor" },
    el("label", { textContent: "Name" }), nameInput, el("label", { textContent: "Provider" }), provider,
    el("label", { textContent: "Model" }), model, el("label", { textContent: "Base URL" }), url,
    el("label", { textContent: "API key" }), key,
    el("p", { className: "hint", textContent: "Kept by Tabmate's helper, only ever sent to this profile's server." }),
    el("div", { className: "buttons" }, testid(el("button", { type: "submit", className: "primary small", textContent: "Save profile" }), "profile-save"),
      el("button", { type: "button", className: "ghost small", textContent: "Cancel", onclick: () => { editing = null; render(); } })));
  form.addEventListener("submit", (e) => {
    e.preventDefault();
    const newName = nameInput.value.trim();
    if (!newName) return note("Give the profile a name.", false);
    const next = plain(profiles);
    if (name && name !== newName) delete next[name];
    next[newName] = { provider: provider.value, model: model.value.trim() || null, base_url: url.value.trim() || null,
      ...(p.temperature != null ? { temperature: p.temperature } : {}) };
    if (key.value.trim()) next[newName].api_key = key.value.trim();
    save(next, `Saved ${newName}.`);
  });
  queueMicrotask(() => nameInput.focus());
  return form;
}

export function render() {
  const names = Object.keys(profiles);
  const items = names.map((n) => (editing === n ? el("li", {}, editor(n)) : row(n, profiles[n])));
  if (editing === "") items.push(el("li", {}, editor(null)));
  const add = testid(el("button", { type: "button", className: "secondary small", textContent: "+ New profile" }), "profile-add");
  add.addEventListener("click", () => { editing = ""; render(); });
  const keep = box.querySelector(".profiles-result");
  box.replaceChildren(el("h3", { textContent: "Profiles" }),
    el("p", { className: "hint", textContent: "Other providers or models to switch to from the chat header. The settings above are the default." }),
    testid(el("ul", { className: "profile-list" }, ...items), "profile-list"),
    el("div", { className: "buttons" }, add),
    keep ?? el("p", { className: "result profiles-result", role: "status" }));
}

document.addEventListener("tabmate:settings", (e) => {
  profiles = e.detail?.profiles ?? {};
  if (editing === null) render();
});
