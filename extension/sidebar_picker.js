// The compact profile / model picker in the chat header: which provider set-up and model
// answer in this conversation (remembered with it, sent with each message as profile/model).
// Profiles come from the helper's settings; each one's models from list_models, cached for
// the session so the list opens at once the next time.
import { request, send } from "./sidebar_link.js";

const $ = (id) => document.getElementById(id);
const slot = $("picker-slot");
let settings = null; // the helper's settings (profiles, default provider and model)
let pick = null; // {profile, model} for the conversation shown, null: the defaults
let tabOf = () => null;
const models = new Map(); // profile name ("" the default) → [model names]

function el(tag, props = {}, ...children) {
  const node = Object.assign(document.createElement(tag), props);
  node.append(...children);
  return node;
}

const button = el("button", { type: "button", className: "picker-btn", id: "picker" });
button.dataset.testid = "picker";
button.setAttribute("aria-haspopup", "dialog");
button.setAttribute("aria-expanded", "false");
const label = el("span");
button.append(label, el("span", { textContent: "▾", ariaHidden: "true" }));
const profileSelect = el("select", { id: "picker-profile" });
profileSelect.dataset.testid = "picker-profile";
const modelSelect = el("select", { id: "picker-model" });
modelSelect.dataset.testid = "picker-model";
const note = el("p", { className: "hint" });
const pop = el("div", { className: "picker-pop", hidden: true, role: "dialog" },
  el("label", { htmlFor: "picker-profile", textContent: "Profile" }), profileSelect,
  el("label", { htmlFor: "picker-model", textContent: "Model for this chat" }), modelSelect, note);
pop.dataset.testid = "picker-pop";
pop.setAttribute("aria-label", "Profile and model for this chat");
slot.append(el("div", { className: "picker" }, button, pop));

function setupOf(profile) {
  const p = profile ? settings?.profiles?.[profile] : settings;
  return p ? { provider: p.provider, model: p.model } : null;
}

function renderButton() {
  const profile = pick?.profile || "";
  const setup = setupOf(profile);
  const model = pick?.model || setup?.model || "default model";
  label.textContent = `${profile || "Default"} · ${model}`;
  button.title = `This chat uses ${profile ? `the profile ${profile}` : "the default set-up"} (${setup?.provider ?? "?"}, ${model}) — click to change`;
  button.classList.toggle("custom", !!(pick?.profile || pick?.model));
  slot.hidden = !settings;
}

function fillProfiles() {
  const names = Object.keys(settings?.profiles ?? {});
  profileSelect.replaceChildren(el("option", { value: "", textContent: `Default (${settings?.provider ?? "?"})` }),
    ...names.map((n) => el("option", { value: n, textContent: `${n} (${settings.profiles[n].provider})` })));
  profileSelect.value = pick?.profile && names.includes(pick.profile) ? pick.profile : "";
}

function fillModels(list) {
  const setup = setupOf(profileSelect.value);
  const own = setup?.model;
  const names = [...new Set([...(own ? [own] : []), ...(list ?? []), ...(pick?.model ? [pick.model] : [])])];
  modelSelect.replaceChildren(el("option", { value: "", textContent: own ? `${own} (profile's)` : "Provider default" }),
    ...names.filter((m) => m !== own).map((m) => el("option", { value: m, textContent: m })));
  modelSelect.value = pick?.model && profileSelect.value === (pick?.profile || "") ? pick.model : "";
}

async function loadModels(profile) {
  const key = `tabmate-models:${profile}`;
  if (!models.has(profile) && sessionStorage.getItem(key)) models.set(profile, JSON.parse(sessionStorage.getItem(key)));
  fillModels(models.get(profile));
  if (models.has(profile)) return;
  note.textContent = "Loading models…";
  try {
    const r = await request({ type: "list_models", ...(profile ? { settings: { profile } } : {}) }, 30000);
    models.set(profile, r.models);
    sessionStorage.setItem(key, JSON.stringify(r.models));
    note.textContent = r.models.length ? "" : "The server listed no models.";
    if (profileSelect.value === profile) fillModels(r.models);
  } catch (e) {
    note.textContent = e.message;
  }
}

function choose() {
  const next = { profile: profileSelect.value || null, model: modelSelect.value || null };
  pick = next.profile || next.model ? next : null;
  renderButton();
  send({ type: "pick", tabId: tabOf(), pick });
}

function open(show) {
  pop.hidden = !show;
  button.setAttribute("aria-expanded", String(show));
  if (!show) return;
  fillProfiles();
  loadModels(profileSelect.value);
  profileSelect.focus();
}

button.addEventListener("click", () => open(pop.hidden));
profileSelect.addEventListener("change", () => {
  modelSelect.value = "";
  choose();
  loadModels(profileSelect.value);
});
modelSelect.addEventListener("change", choose);
document.addEventListener("click", (e) => { if (!pop.hidden && !slot.contains(e.target)) open(false); });
pop.addEventListener("keydown", (e) => { if (e.key === "Escape") { e.stopPropagation(); open(false); button.focus(); } });

/** The helper's settings arrived (start-up, Settings saved): profiles and defaults. */
document.addEventListener("tabmate:settings", (e) => {
  settings = e.detail;
  models.clear();
  renderButton();
});

/** The conversation shown (its remembered pick). */
export function showPick(msg, viewedTab) {
  tabOf = viewedTab;
  if (msg.tabId !== viewedTab()) return;
  pick = msg.state?.pick ?? null;
  renderButton();
}

renderButton();
