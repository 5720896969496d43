// "Always allowed" in Settings: every grant the user gave (site, tool and, for navigation
// and searches, the destination), each with Revoke. Grants live in the helper's settings
// (`allowed_sites`: {site: ["tool", "tool destination", …]}, see native_host/permissions.py).
import { request } from "./sidebar_link.js";

const NAMES = {
  click_element: "Click elements", fill_input: "Fill in fields", scroll: "Scroll",
  open_url: "Open pages", search_web: "Search the web",
};

function without(allowed, site, entry) {
  const out = {};
  for (const [s, entries] of Object.entries(allowed)) {
    const kept = s === site ? entries.filter((e) => e !== entry) : entries;
    if (kept.length) out[s] = kept;
  }
  return out;
}

/** Fill `list` with the grants in `allowed`; `done(settings)` gets the host's reply after a revoke. */
export function renderGrants(list, allowed, done) {
  const rows = [];
  for (const [site, entries] of Object.entries(allowed ?? {})) {
    for (const entry of entries) {
      const [tool, dest] = entry.split(" ");
      const li = document.createElement("li");
      li.dataset.testid = "grant";
      const what = document.createElement("span");
      what.textContent = `${NAMES[tool] ?? tool} on ${site}${dest ? ` → ${dest}` : ""}`;
      const revoke = document.createElement("button");
      revoke.type = "button";
      revoke.className = "ghost small";
      revoke.textContent = "Revoke";
      revoke.dataset.testid = "revoke-grant";
      revoke.setAttribute("aria-label", `Revoke: ${what.textContent}`);
      revoke.addEventListener("click", async () => {
        revoke.disabled = true;
        try {
          const reply = await request({ type: "set_settings", settings: { allowed_sites: without(allowed, site, entry) } }, 15000);
          done(reply.settings);
        } catch (e) {
          revoke.disabled = false;
          what.textContent += ` — ${e.message}`;
        }
      });
      li.append(what, revoke);
      rows.push(li);
    }
  }
  if (!rows.length) {
    const none = document.createElement("li");
    none.className = "muted";
    none.textContent = "Nothing yet — Tabmate asks every time.";
    rows.push(none);
  }
  list.replaceChildren(...rows);
}
