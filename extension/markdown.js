// Answers are markdown: rendered with marked, then sanitized with DOMPurify into a
// DocumentFragment (no innerHTML anywhere). Policy: raw HTML in an answer is shown as text,
// images become links (an image would load from any server and could leak page data), only
// http(s) and mailto links survive and they open in a new tab without an opener.
import { Marked } from "./vendor/marked.esm.js";
import DOMPurify from "./vendor/purify.es.js";

const escapeHtml = (s) => String(s).replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]);

const marked = new Marked({ gfm: true, breaks: true });
marked.use({
  renderer: {
    html(token) { return escapeHtml(token.text ?? token.raw ?? ""); },
    image(token) {
      const label = escapeHtml(token.text || token.href || "image");
      return `<a href="${escapeHtml(token.href ?? "")}">🖼 ${label}</a>`;
    },
  },
});

const SAFE_URL = /^(https?:|mailto:)/i;
DOMPurify.addHook("afterSanitizeAttributes", (node) => {
  if (node.tagName === "A") {
    const href = node.getAttribute("href") ?? "";
    if (!SAFE_URL.test(href)) {
      node.removeAttribute("href");
    } else {
      node.setAttribute("target", "_blank");
      node.setAttribute("rel", "noopener noreferrer");
    }
  }
});

const PURIFY = {
  ALLOWED_TAGS: ["a", "b", "blockquote", "br", "code", "del", "em", "h1", "h2", "h3", "h4", "h5", "h6", "hr",
    "i", "li", "ol", "p", "pre", "s", "span", "strong", "sub", "sup", "table", "tbody", "td", "th", "thead", "tr", "ul"],
  ALLOWED_ATTR: ["href", "title", "target", "rel", "colspan", "rowspan", "align", "start"],
  ALLOW_DATA_ATTR: false,
};

/** The answer's markdown as a sanitized DocumentFragment. */
export function renderMarkdown(text) {
  let html;
  try {
    html = marked.parse(String(text ?? ""), { async: false });
  } catch {
    html = `<p>${escapeHtml(text)}</p>`;
  }
  return DOMPurify.sanitize(html, { ...PURIFY, RETURN_DOM_FRAGMENT: true });
}
