// The host's page: who sits where and who partners whom, each person's invitation, hand a seat to
// a bot or a person, new links, table talk (on, off, a seat muted), the next game.
import { loadMessages, applyMessages, t } from "/static/i18n.js";
import { el, secretLink, myTables, remember } from "/static/common.js";
import { tableTitle, tableName, seatName, tableFacts } from "/static/board.js";
import { inviteBlock, sidesLine } from "/static/invite.js";

await loadMessages();
applyMessages();
const { id, token, headers: H } = secretLink();
const $ = x => document.getElementById(x);
const err = m => { $("err").textContent = m; $("err").hidden = !m; };
async function call(path, body) {
  const r = await fetch(path, { method: "POST", headers: H, body: JSON.stringify(body ?? {}) });
  const j = await r.json(); err(r.ok ? "" : j.error.message); return r.ok ? j : null;
}
// the links this browser was given for the table's seats (made here, or re-issued on this page)
const links = {};
for (const x of myTables()) if (x.table === id && x.seat != null && !(x.seat in links)) links[x.seat] = x.link;
async function load() {
  const r = await fetch(`/api/tables/${id}`, { headers: H }), tb = await r.json();
  if (!r.ok) { err(tb.error.message); return; }
  const heading = t("host_heading", { name: tableTitle(tb), n: tb.game_no });
  $("name").textContent = tb.over ? t("heading_over", { heading, state: t("host_over") }) : heading;
  $("sides-line").textContent = sidesLine(tb);
  // a disabled button says why, beside it
  $("newgame").disabled = !tb.over;
  $("newgame-why").hidden = tb.over;
  const box = $("seats"); box.replaceChildren();
  for (const s of tb.seats) {
    const muted = tb.chat?.muted.includes(s.seat);
    const state = s.kind === "bot" ? t("host_bot", { level: t("level_" + (s.level || "club")) })
      : s.stand_in ? t("stand_in") : s.connected ? t("host_here") : t("away");
    const change = async body => {
      const j = await call(`/api/tables/${id}/seats/${s.seat}`, body);
      if (j?.link) { links[s.seat] = j.link; remember({ name: t("my_table_seat", { table: tableName(tb), name: j.name }),
        say: { key: "my_table_seat", table: tableFacts(tb), data: { name: j.name } }, link: j.link, table: id, seat: s.seat }); }
      if (j && body.kind === "bot") delete links[s.seat];
      load();
    };
    const mute = async () => {
      const now = new Set(tb.chat.muted); muted ? now.delete(s.seat) : now.add(s.seat);
      if (await call(`/api/tables/${id}/chat`, { muted: [...now] })) load();
    };
    const row = el("li", { class: "panel" },
      el("p", { class: "row" }, el("strong", { text: seatName(tb, s.seat) }), el("span", { class: "note", text: [t("seat_n", { n: s.seat + 1 }), state, ...(muted ? [t("host_muted")] : [])].join(t("list_sep")) })),
      el("div", { class: "row" },
        s.kind === "bot" ? null : el("button", { text: t("host_to_bot"), onclick: () => change({ kind: "bot" }) }),
        el("button", { text: s.kind === "bot" ? t("host_to_person") : t("host_new_link"), onclick: () => change(s.kind === "bot" ? { kind: "person" } : { reissue: true }) }),
        s.kind === "bot" ? null : el("button", { class: "mute", text: muted ? t("host_unmute") : t("host_mute"), onclick: mute })));
    if (links[s.seat] && s.kind === "person") row.append(inviteBlock(t("host_invite", { name: s.name }), links[s.seat]));
    box.append(row);
  }
  const talkOn = tb.chat?.enabled !== false;
  $("talk-state").textContent = t(talkOn ? "host_talk_on" : "host_talk_off_now");
  $("talk-switch").textContent = t(talkOn ? "host_talk_turn_off" : "host_talk_turn_on");
  $("talk-switch").onclick = async () => { if (await call(`/api/tables/${id}/chat`, { enabled: !talkOn })) load(); };
}
$("newgame").onclick = async () => { await call(`/api/tables/${id}/games`); load(); };
$("watch").href = `/table/${id}#t=${token}`;
load();
