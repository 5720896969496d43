// Text helpers shared by the background's modules (content.js, a classic script, has its own copy).

/** text cut to at most n UTF-16 units, never between the two halves of an emoji */
export function clip(text, n) {
  if (text.length <= n) return text;
  const code = text.charCodeAt(n - 1);
  return text.slice(0, code >= 0xd800 && code <= 0xdbff ? n - 1 : n);
}
