// The settings panel: provider, model (with the provider's list), base URL, API key and
// "ask before acting". Settings live in Tabmate's helper: this panel reads and writes them
// with get_settings / set_settings; the API key is sent to the helper and only ever shown
// back as "set". Test connection shows the helper's verdict inline.
import "./sidebar_backup.js";
import "./sidebar_profiles.js";
import { request } from "./sidebar_link.js";
import { renderGrants } from "./sidebar_grants.js";
import { render as renderPrompts } from "./sidebar_prompt_editor.js";
import { setPrompts } from "./sidebar_prompts.js";

const $ = (id) => document.getElementById(id);
const DEFAULT_URLS = {
  openai: "https://api.openai.com/v1",
  openrouter: "https://openrouter.ai/api/v1",
  ollama: "http://localhost:11434",
  anthropic: "https://api.anthropic.com",
  openai_compatible: "http://localhost:8080/v1 (required)",
};
let loadedSettings = null;

/** Show (and load) the settings panel, or go back to the chat. */
export async function showSettings(open) {
  $("settings").hidden = !open;
  $("chat-view").hidden = open;
  $("open-settings").setAttribute("aria-expanded", String(open));
  $("open-settings").classList.toggle("on", open);
  if (!open) { $("chat-input").focus(); return; }
  $("test-result").textContent = "";
  $("save-result").textContent = "";
  const fields = $("settings-fields");
  fields.disabled = true; // until the host's current settings are in the form
  try {
    const reply = await request({ type: "get_settings" }, 15000);
    fillSettings(reply.settings);
    setPrompts(reply.settings.prompts ?? []);
    renderPrompts();
  } catch (e) {
    setResult("save-result", false, e.message);
  } finally {
    fields.disabled = false;
  }
  $("provider").focus();
}

function fillSettings(s) {
  loadedSettings = s;
  document.dispatchEvent(new CustomEvent("tabmate:settings", { detail: s })); // picker, profiles
  $("provider").value = s.provider ?? "ollama";
  $("model").value = s.model ?? "";
  $("base-url").value = s.base_url ?? "";
  $("api-key").value = "";
  $("confirm-actions").checked = s.confirm_actions !== false;
  $("system-prompt").value = s.system_prompt ?? "";
  updateKeyHint(s.api_key_set);
  updateUrlHint();
  $("key-note").textContent = s.api_key_note ?? ""; // a key saved for another server is not used here
  $("key-note").hidden = !s.api_key_note;
  renderGrants($("grants"), s.allowed_sites, fillSettings);
}

function updateKeyHint(isSet) {
  $("api-key").placeholder = isSet ? "Set — type to replace" : ($("provider").value === "ollama" ? "Not needed for Ollama" : "Not set");
  $("api-key").dataset.set = isSet ? "1" : "0";
}

function updateUrlHint() {
  $("base-url").placeholder = DEFAULT_URLS[$("provider").value] ?? "Provider default";
}

function formSettings({ withKey = true } = {}) {
  const s = {
    provider: $("provider").value,
    model: $("model").value.trim() || null,
    base_url: $("base-url").value.trim() || null,
    confirm_actions: $("confirm-actions").checked,
    system_prompt: $("system-prompt").value.trim(),
  };
  const key = $("api-key").value.trim();
  if (withKey && key) s.api_key = key;
  return s;
}

function setResult(id, ok, text) {
  const el = $(id);
  el.textContent = text;
  el.className = `result ${ok ? "ok" : "bad"}`;
  el.dataset.ok = ok ? "true" : "false";
}

$("provider").addEventListener("change", () => {
  updateUrlHint();
  updateKeyHint(loadedSettings && loadedSettings.provider === $("provider").value && loadedSettings.api_key_set);
  $("model-list").replaceChildren();
  $("model-hint").textContent = "";
});

$("settings-form").addEventListener("submit", async (e) => {
  e.preventDefault();
  const btn = $("save-settings");
  btn.disabled = true;
  try {
    const reply = await request({ type: "set_settings", settings: formSettings() }, 15000);
    fillSettings(reply.settings);
    setResult("save-result", true, "Saved.");
  } catch (err) {
    setResult("save-result", false, err.message);
  } finally {
    btn.disabled = false;
  }
});

$("test-connection").addEventListener("click", async () => {
  const btn = $("test-connection");
  btn.disabled = true;
  const out = $("test-result");
  out.className = "result pending";
  delete out.dataset.ok;
  out.textContent = "Testing…";
  try {
    const r = await request({ type: "test_connection", settings: formSettings() }, 60000);
    const text = r.ok ? `✓ ${r.message || "Connected"} · ${r.latency_ms} ms` : `✗ ${r.message}`;
    setResult("test-result", r.ok, text);
  } catch (err) {
    setResult("test-result", false, `✗ ${err.message}`);
  } finally {
    btn.disabled = false;
  }
});

$("refresh-models").addEventListener("click", async () => {
  const hint = $("model-hint");
  hint.textContent = "Loading models…";
  try {
    const r = await request({ type: "list_models", settings: formSettings() }, 30000);
    const list = $("model-list");
    list.replaceChildren(...r.models.map((m) => Object.assign(document.createElement("option"), { value: m })));
    hint.textContent = r.models.length ? `${r.models.length} models — pick one or type any name.` : "The provider listed no models; type a name.";
  } catch (err) {
    hint.textContent = err.message;
  }
});

$("open-settings").addEventListener("click", () => showSettings($("settings").hidden));
document.addEventListener("tabmate:settings-imported", () => showSettings(true));
$("close-settings").addEventListener("click", () => showSettings(false));
document.addEventListener("keydown", (e) => {
  if (e.key === "Escape" && !$("settings").hidden) showSettings(false);
});
