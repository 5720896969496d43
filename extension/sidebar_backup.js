// Settings → Back up: export the settings (with saved prompts and profiles) as JSON and import
// them again. API keys never leave the helper, and an imported file can never set one; nor can
// it grant permissions, start MCP servers (commands to run) or move where searches go.
import { download, pickJson } from "./sidebar_prompt_editor.js";
import { request } from "./sidebar_link.js";

const $ = (id) => document.getElementById(id);

const NOT_IMPORTED = ["allowed_sites", "mcp_servers", "search_url"];

/** Without anything about keys: api_key, api_key_set, api_key_origin… (top level and per profile). */
function keyless(obj) {
  return Object.fromEntries(Object.entries(obj ?? {}).filter(([k]) => !k.startsWith("api_key") && !NOT_IMPORTED.includes(k)));
}

/** The settings without anything about keys (for the file, and for what an import may set). */
export function withoutKeys(settings) {
  const out = keyless(settings);
  if (out.profiles && typeof out.profiles === "object") {
    out.profiles = Object.fromEntries(Object.entries(out.profiles).map(([name, p]) => [name, keyless(p)]));
  }
  return out;
}

function result(ok, text) {
  const el = $("backup-result");
  el.textContent = text;
  el.className = `result ${ok ? "ok" : "bad"}`;
}

$("export-settings").addEventListener("click", async () => {
  try {
    const reply = await request({ type: "get_settings" }, 15000);
    download("tabmate-settings.json", { tabmate_settings: 1, settings: withoutKeys(reply.settings) });
    result(true, "Exported (without API keys).");
  } catch (e) {
    result(false, e.message);
  }
});

$("import-settings").addEventListener("click", async () => {
  try {
    const data = await pickJson();
    if (data === null) return;
    const settings = data?.settings ?? data;
    if (!settings || typeof settings !== "object" || Array.isArray(settings)) throw new Error("That file holds no Tabmate settings.");
    await request({ type: "set_settings", settings: withoutKeys(settings) }, 15000);
    result(true, "Imported. Keys, permissions, MCP servers and the search address are never imported: set them here if needed.");
    document.dispatchEvent(new CustomEvent("tabmate:settings-imported"));
  } catch (e) {
    result(false, e.message);
  }
});
