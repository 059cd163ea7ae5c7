// Inviting people to a table: each seat's link under the name of the person it is for, a button to
// copy the link and one to copy a ready message, and the link as a QR code (drawn from the server's
// modules: no other service ever sees a link). Used by the home page and the host's page.
import { t } from "/static/i18n.js";
import { el, here } from "/static/common.js";
import { seatName } from "/static/board.js";

const SVG = "http://www.w3.org/2000/svg";
// A link as other computers reach it: the server's own absolute link when it gives one (its public
// address), else this page's address.
export const fullLink = path => new URL(path, location.origin).href;

// "Ann & Carol against Ben & Dave": the sides as the table summary pairs them, by the seats' names.
export function sidesLine(table) {
  const sides = (table.sides || []).map(seats => seats.map(s => seatName(table, s)).join(t("and_sep")));
  if (sides.length === 2) return t("sides_two", { a: sides[0], b: sides[1] });
  if (sides.length === 3) return t("sides_three", { a: sides[0], b: sides[1], c: sides[2] });
  return sides.join(t("list_sep"));
}

async function copy(text, button, done) {
  try { await navigator.clipboard.writeText(text); button.textContent = t(done); }
  catch { button.textContent = t("copy_failed"); }
}

// The QR code: the server's rows of dark modules as one SVG path, with the quiet zone round it.
async function qrCode(link) {
  const r = await fetch("/api/qr", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ text: link }) });
  if (!r.ok) return el("p", { class: "error", text: t("qr_failed") });
  const { size, rows } = await r.json(), q = 4;
  let d = "";
  rows.forEach((row, y) => { for (let x = 0; x < size; x++) if (row[x] === "1") d += `M${x + q} ${y + q}h1v1h-1z`; });
  const svg = document.createElementNS(SVG, "svg");
  svg.setAttribute("viewBox", `0 0 ${size + 2 * q} ${size + 2 * q}`);
  svg.setAttribute("class", "qr");
  svg.setAttribute("role", "img");
  svg.setAttribute("aria-label", t("qr_label"));
  const bg = document.createElementNS(SVG, "rect");
  for (const [k, v] of Object.entries({ width: size + 2 * q, height: size + 2 * q, class: "qr-paper" })) bg.setAttribute(k, v);
  const ink = document.createElementNS(SVG, "path");
  ink.setAttribute("d", d); ink.setAttribute("class", "qr-ink");
  svg.append(bg, ink);
  return svg;
}

// One invitation: who it is for, the link, Copy link, Copy message, QR code.
export function inviteBlock(label, path, { message = true, open = false } = {}) {
  const link = fullLink(path);
  const text = t("invite_message", { link });
  const qrBox = el("div", { class: "qr-box" });
  const qrButton = el("button", { type: "button", text: t("qr_show"), "aria-expanded": "false" });
  qrButton.onclick = async () => {
    const shown = qrButton.getAttribute("aria-expanded") === "true";
    qrButton.setAttribute("aria-expanded", shown ? "false" : "true");
    qrButton.textContent = t(shown ? "qr_show" : "qr_hide");
    qrBox.replaceChildren(...(shown ? [] : [await qrCode(link), el("p", { class: "note", text: t("qr_help") })]));
  };
  const copyLink = el("button", { type: "button", class: "copy-link", text: t("copy_link") });
  copyLink.onclick = () => copy(link, copyLink, "copied");
  const buttons = [copyLink];
  if (message) {
    const copyMsg = el("button", { type: "button", class: "copy-message", text: t("copy_message") });
    copyMsg.onclick = () => copy(text, copyMsg, "copied_message");
    buttons.push(copyMsg);
  }
  buttons.push(qrButton);
  if (open) buttons.push(el("a", { class: "button", href: here(path), text: t("open") }));
  return el("div", { class: "invite panel" },
    el("h4", { text: label }),
    el("input", { value: link, readonly: "", "aria-label": t("link_for", { name: label }), class: "link" }),
    el("div", { class: "row" }, ...buttons),
    message ? el("p", { class: "note message", text }) : null,
    qrBox);
}
