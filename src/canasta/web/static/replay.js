// The replay viewer of a finished game: step through it both ways; every hand is shown (the game is
// over). It draws the server's replayed views with the table's own drawing code.
import { loadMessages, applyMessages, t } from "/static/i18n.js";
import { el } from "/static/common.js";
import { cardImage } from "/static/cards.js";
import { seatsStrip, centre, sidePanel, logList, history, actionPhrase, seatName, tableTitle } from "/static/board.js";

await loadMessages();
applyMessages();
const [, , id, game] = location.pathname.split("/");
const token = new URLSearchParams(location.hash.slice(1)).get("t");
const auth = { authorization: `Bearer ${token}` };
const $ = x => document.getElementById(x);
let step = +(new URLSearchParams(location.hash.slice(1)).get("step") || 0), steps = 0, table = null, busy = false;

async function show(to) {
  if (busy) return; busy = true;
  try {
    const r = await fetch(`/api/tables/${id}/games/${game}/replay?step=${to}`, { headers: auth });
    const j = await r.json();
    if (!r.ok) { $("err").textContent = j.error.message; $("err").hidden = false; return; }
    $("err").hidden = true;
    step = j.step; steps = j.steps;
    const v = j.view;
    $("slider").max = String(steps); $("slider").value = String(step);
    const what = j.action ? actionPhrase(j.action, j.actor ?? v.turn, table) : t("replay_start");
    $("at").textContent = t("replay_at", { step, steps, what });
    $("hands").replaceChildren(...j.hands.map((h, s) => el("div", { class: "row" }, el("strong", { text: t("hands_of", { name: seatName(table, s) }) }),
      ...h.split(" ").filter(Boolean).map(c => cardImage(c, "tiny")))));
    $("seats").replaceChildren(seatsStrip({ ...v, seat: null, partner: null }, table));
    $("centre").replaceChildren(centre(v));
    $("sides").replaceChildren(...v.melds.map((_, s) => sidePanel({ ...v, side: null }, table, s, null)));
    $("log").replaceChildren(...logList(v, table)); $("log").scrollTop = $("log").scrollHeight;
    $("history").replaceChildren(...history({ ...v, side: null }));
    $("first").disabled = $("back").disabled = step === 0;
    $("last").disabled = $("fwd").disabled = step === steps;
  } finally { busy = false; }
}
$("first").onclick = () => show(0);
$("back").onclick = () => show(Math.max(0, step - 1));
$("fwd").onclick = () => show(Math.min(steps, step + 1));
$("last").onclick = () => show(steps);
$("slider").onchange = e => show(+e.target.value);
document.addEventListener("keydown", e => {
  if (e.target.tagName === "INPUT") return;
  const to = { ArrowLeft: step - 1, ArrowRight: step + 1, Home: 0, End: steps }[e.key];
  if (to !== undefined) { e.preventDefault(); show(Math.max(0, Math.min(steps, to))); }
});
const tr = await fetch(`/api/tables/${id}`, { headers: auth });
if (tr.ok) {
  table = await tr.json();
  table.seats = table.seats.map(s => ({ ...s, connected: true, stand_in: false }));   // a replay shows no presence
  $("title").textContent = t("replay_title", { table: tableTitle(table), n: +game });
}
show(step);
