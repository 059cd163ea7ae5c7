// The host's page: who sits where, hand a seat to a bot or a person, new links, the next game.
import { loadMessages, applyMessages, t } from "/static/i18n.js";
import { el, secretLink } from "/static/common.js";
import { tableTitle } from "/static/board.js";

await loadMessages();
applyMessages();
const { id, token, headers: H } = secretLink();
const $ = x => document.getElementById(x);
const err = m => { $("err").textContent = m; $("err").hidden = !m; };
async function call(path, body) {
  const r = await fetch(path, { method: "POST", headers: H, body: JSON.stringify(body ?? {}) });
  const j = await r.json(); err(r.ok ? "" : j.error.message); return r.ok ? j : null;
}
const links = {};
async function load() {
  const r = await fetch(`/api/tables/${id}`, { headers: H }), tb = await r.json();
  if (!r.ok) { err(tb.error.message); return; }
  $("name").textContent = t("host_heading", { name: tableTitle(tb), n: tb.game_no }) + (tb.over ? ` — ${t("host_over")}` : "");
  $("newgame").disabled = !tb.over;
  const box = $("seats"); box.replaceChildren();
  for (const s of tb.seats) {
    const state = s.kind === "bot" ? t("host_bot", { level: t("level_" + (s.level || "club")) })
      : s.stand_in ? t("stand_in") : s.connected ? t("host_here") : t("away");
    const change = async body => { const j = await call(`/api/tables/${id}/seats/${s.seat}`, body); if (j?.link) links[s.seat] = j.link; load(); };
    const row = el("li", { class: "panel" },
      el("p", { class: "row" }, el("strong", { text: `${t("seat")} ${s.seat + 1}: ${s.name}` }), el("span", { class: "note", text: state })),
      el("div", { class: "row" },
        s.kind === "bot" ? null : el("button", { text: t("host_to_bot"), onclick: () => change({ kind: "bot" }) }),
        el("button", { text: s.kind === "bot" ? t("host_to_person") : t("host_new_link"), onclick: () => change(s.kind === "bot" ? { kind: "person" } : { reissue: true }) })));
    if (links[s.seat]) row.append(el("p", { class: "links" }, el("span", { text: t("host_send_link") }),
      el("input", { value: links[s.seat], readonly: "", "aria-label": t("host_send_link") })));
    box.append(row);
  }
}
$("newgame").onclick = async () => { await call(`/api/tables/${id}/games`); load(); };
$("watch").href = `/table/${id}#t=${token}`;
load();
