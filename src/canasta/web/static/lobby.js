// The lobby: every table playing now on this server (all its processes), read again every few seconds.
// Only what anyone in the club room could see: no links, no cards, no names of people.
import { loadMessages, applyMessages, t, num } from "/static/i18n.js";
import { el } from "/static/common.js";
import { tableName, presetTitle } from "/static/board.js";

await loadMessages();
applyMessages();
const $ = id => document.getElementById(id);

function render(tables) {
  $("count").textContent = tables.length ? t("lobby_count", { n: tables.length }) : t("lobby_none");
  const cols = ["lobby_table", "lobby_rules", "lobby_game", "lobby_scores", "lobby_people"].map(k => t(k));
  const head = el("tr", { class: "head" }, ...cols.map(c => el("th", { scope: "col", text: c })));
  const rows = tables.map(x => el("tr", {},
    el("th", { scope: "row", "data-label": cols[0], text: tableName(x) }),
    el("td", { "data-label": cols[1], text: presetTitle(x) }),
    el("td", { "data-label": cols[2], text: x.over ? t("lobby_over", { game: x.game_no }) : t("lobby_hand", { game: x.game_no, hand: x.hand }) }),
    el("td", { "data-label": cols[3], text: x.scores.map(num).join(" – ") }),
    el("td", { "data-label": cols[4], text: t("lobby_here", { here: x.here, n: x.people, bots: x.bots }) })));
  $("tables").replaceChildren(head, ...rows);
}
async function load() {
  try { const r = await fetch("/api/lobby"); if (r.ok) render((await r.json()).tables); } catch { /* the server is restarting: try again */ }
}
await load();
setInterval(load, 5000);
