// Tiny DOM helpers shared by the screens and the game modules.

/**
 * Build an element: h("button", {class: "x", onclick: f}, "text", child…).
 * Attributes starting with "on" become listeners; false/null/"" children are skipped.
 */
export function h(tag, attrs = {}, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k.startsWith("on") && typeof v === "function") e.addEventListener(k.slice(2), v);
    else if (v === true) e.setAttribute(k, "");
    else if (v !== false && v !== null && v !== undefined) e.setAttribute(k, v);
  }
  for (const c of children) {
    if (c === null || c === undefined || c === false || c === "") continue;
    e.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return e;
}

/** A button that copies ``text`` to the clipboard (or selects it where that is not allowed). */
export function copyButton(text) {
  const b = h("button", { type: "button", class: "ghost" }, "Copy");
  b.addEventListener("click", async () => {
    try {
      await navigator.clipboard.writeText(text);
      b.textContent = "Copied";
    } catch {
      b.previousElementSibling?.select?.();
      b.textContent = "Select & copy";
    }
  });
  return b;
}
