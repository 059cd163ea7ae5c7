// The game table: renders the server's view of this seat and sends intents; no rule logic here.
import { loadMessages, t, cardText, cardName, cardsText } from "/static/i18n.js";
import { el, remember } from "/static/common.js";

await loadMessages();
document.querySelectorAll("[data-t]").forEach(n => { n.textContent = t(n.dataset.t); });
const tableId = location.pathname.split("/")[2];
const token = new URLSearchParams(location.hash.slice(1)).get("t");
let ws, view = null, table = null, seat = null, lastEvent = null, seq = 0, selected = new Set(), bySuit = false, shownResults = null;
const $ = id => document.getElementById(id);
const prefs = JSON.parse(localStorage.getItem("canasta.prefs") || "{}");
for (const k of ["large", "four", "contrast"]) document.body.classList.toggle(k, !!prefs[k]);
const toggle = k => { prefs[k] = !prefs[k]; localStorage.setItem("canasta.prefs", JSON.stringify(prefs)); document.body.classList.toggle(k, prefs[k]); };
$("size").onclick = () => toggle("large"); $("four").onclick = () => toggle("four"); $("contrast").onclick = () => toggle("contrast");
$("sort").onclick = () => { bySuit = !bySuit; render(); };
$("result-close").onclick = () => $("result").close();

function connect() {
  ws = new WebSocket(`${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/ws/${tableId}`);
  ws.onopen = () => ws.send(JSON.stringify({ type: "hello", token, last_event: lastEvent }));
  ws.onmessage = e => receive(JSON.parse(e.data));
  ws.onclose = ev => {
    if ([4401, 4404, 4400].includes(ev.code)) return;
    $("status").textContent = t("reconnecting"); setTimeout(connect, 1500);
  };
}
function receive(m) {
  if (m.type === "welcome") { seat = m.seat; table = m.table; remember({ name: `${table.name}`, link: location.pathname + location.hash }); }
  if (m.table) table = m.table;
  if (m.view) { view = m.view; lastEvent = m.event; selected.clear(); $("error").hidden = true; render(); }
  if (m.type === "table") render();
  if (m.type === "refused" || m.type === "error") { $("error").textContent = t("refused", { message: m.message }); $("error").hidden = false; }
  if (m.type === "hint") $("hint").textContent = `${t("hint")}: ${actionText(m.action)} — ${m.reason}`;
}
function send(msg) { ws.send(JSON.stringify({ id: `c${Date.now()}-${++seq}`, based_on: lastEvent, ...msg })); }
const intent = what => send({ type: "intent", ...what });

const RANKS = "AKQJT98765432";
function sortKey(c) { return c === "JK" ? -1 : c[0] === "2" ? 0 : (bySuit ? "CDHS".indexOf(c[1]) * 20 : 0) + 14 - RANKS.indexOf(c[0]); }
function card(c, i, small) {
  const red = c[1] === "H" || c[1] === "D";
  const d = el("span", { class: `card ${red ? "red" : ""} s-${c[1]} ${small ? "small" : ""}`, role: small ? "img" : "option",
    "aria-label": cardName(c) }, el("span", { text: cardText(c) }), el("span", { class: "pip", text: c === "JK" ? "★" : cardText(c).slice(-1) }));
  if (!small) {
    d.tabIndex = 0; d.setAttribute("aria-selected", selected.has(i) ? "true" : "false");
    if (selected.has(i)) d.classList.add("sel");
    const flip = () => { selected.has(i) ? selected.delete(i) : selected.add(i); render(); document.querySelector(`[data-i="${i}"]`)?.focus(); };
    d.dataset.i = i; d.onclick = flip;
    d.onkeydown = e => { if (e.key === " " || e.key === "Enter") { e.preventDefault(); flip(); }
      if (e.key === "ArrowRight") d.nextSibling?.focus(); if (e.key === "ArrowLeft") d.previousSibling?.focus(); };
  }
  return d;
}
function nameOf(s) { return table?.seats?.[s]?.name ?? `${t("seat")} ${s + 1}`; }
function selectedCards() { return [...selected].map(i => handCards()[i]); }
function handCards() { return (view.hand || "").split(" ").filter(Boolean).sort((a, b) => sortKey(b) - sortKey(a)); }

function render() {
  if (!view) return;
  $("sort").textContent = bySuit ? t("sort_rank") : t("sort_suit");
  const mine = view.to_act === seat && seat !== null;
  $("status").textContent = seat === null ? t("spectating") : view.winner >= 0 ? "" : mine ? t("your_turn") : t("turn_of", { name: nameOf(view.to_act) });
  // hand
  const h = $("hand"); h.replaceChildren(...handCards().map((c, i) => card(c, i, false)));
  // pile and stock
  const p = view.pile, pileBox = $("pile");
  pileBox.replaceChildren(el("span", { text: t("stock", { n: view.stock }) }),
    p.top ? card(p.top, -1, true) : el("span", { text: t("pile_empty") }),
    el("span", { text: t("pile", { n: p.size }) + (p.frozen ? ` — ${t("frozen")}` : "") + (p.stopped ? ` — ${t("stopped")}` : "") }));
  // sides
  const sides = $("sides"); sides.replaceChildren();
  view.melds.forEach((ms, side) => {
    const total = ms.reduce((a, m) => a + (m.points || 0), 0);
    const players = table ? table.seats.filter(s => s.seat % view.sides === side).map(s => `${s.name} (${t("cards_in_hand", { n: view.hand_counts[s.seat] })})`) : [];
    const box = el("div", { class: "panel" }, el("h2", { text: `${side === view.side ? t("side_us") : t("side_n", { n: side + 1 })}: ${players.join(", ")}` }),
      el("p", { text: `${t("score")} ${view.scores[side]} · ${t("table_points", { n: total })} · ${t("minimum", { n: view.minimum[side] })}` }));
    const red = view.red_threes.filter((_, s) => s % view.sides === side).join(" ").trim();
    if (red) box.append(el("p", { text: `${t("red_threes")}: ${cardsText(red)}` }));
    const row = el("div", { class: "melds" });
    ms.forEach(m => {
      const label = m.canasta ? t("canasta_" + m.kind) : m.what;
      const mb = el("div", { class: "meld" + (m.canasta ? " canasta" : ""), tabindex: "0", role: "button",
        "aria-label": `${label}: ${(m.cards || "").split(" ").filter(Boolean).map(cardName).join(", ")}` },
        el("div", { class: "what", text: `${label} · ${m.points ?? ""}` }),
        ...(m.cards || "").split(" ").filter(Boolean).map(c => card(c, -1, true)));
      if (side === view.side && mine) {
        const add = () => { if (selected.size) intent({ meld: selectedCards(), to: m.index }); };
        mb.onclick = add; mb.onkeydown = e => { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); add(); } };
      }
      row.append(mb);
    });
    box.append(row); sides.append(box);
  });
  // actions: only what the engine lists
  const acts = $("actions"); acts.replaceChildren();
  const legal = view.legal_actions || [];
  const has = w => legal.some(a => a.split(" ")[0] === w);
  const btn = (label, fn, primary) => acts.append(el("button", { class: primary ? "primary" : "", text: label, onclick: fn }));
  if (has("draw")) btn(t("act_draw"), () => intent({ action: "draw" }), true);
  if (has("upcard")) btn(t("act_upcard"), () => intent({ action: "upcard" }));
  if (has("take")) btn(t("act_take"), () => selected.size ? intent({ take: selectedCards() }) : intent({ action: legal.find(a => a.startsWith("take")) }));
  if (has("meld") || has("add")) btn(t("act_meld"), () => selected.size >= 1 ? intent({ meld: selectedCards() }) : showErr(t("select_meld")));
  if (has("discard")) btn(t("act_discard"), () => selected.size === 1 ? intent({ action: `discard ${selectedCards()[0]}` }) : showErr(t("select_one")), true);
  for (const w of ["ask", "yes", "no", "retract", "end", "pass"]) if (has(w)) btn(t("act_" + w), () => intent({ action: w }));
  for (const a of legal) if (!["draw", "upcard", "take", "meld", "add", "discard", "ask", "yes", "no", "retract", "end", "pass"].includes(a.split(" ")[0])) btn(actionText(a), () => intent({ action: a }));
  if (mine) btn(t("hint"), () => ws.send(JSON.stringify({ type: "hint", id: `h${++seq}` })));
  if (table?.practice && seat !== null) btn(t("undo"), () => ws.send(JSON.stringify({ type: "undo", id: `u${++seq}`, based_on: lastEvent })));
  // log
  const log = $("log"); log.replaceChildren(...view.log.map(e => el("li", { text: logLine(e) }))); log.scrollTop = log.scrollHeight;
  // results
  if (shownResults === null) shownResults = view.results.length;
  if (view.results.length > shownResults) { shownResults = view.results.length; showResult(view.results[view.results.length - 1]); }
}
function actionText(a) {
  const [w, ...rest] = a.split(" "), label = t("act_" + w);
  return `${label === "act_" + w ? w : label} ${rest.map(x => /^[2-9TJQKA][CDHS]$|^JK$/.test(x) ? cardText(x) : x).join(" ")}`.trim();
}
function showErr(text) { $("error").textContent = text; $("error").hidden = false; }
function logLine(e) {
  const who = e.what === "deal" ? "" : nameOf(e.seat) + " ";
  const key = "ev_" + e.what + (e.count != null && !e.cards ? "_n" : "");
  const text = t(key, { cards: cardsText(e.cards), n: e.count ?? "", what: e.what });
  return who + (text === key ? t("ev_other", { what: e.what, cards: cardsText(e.cards) }) : text);
}
function showResult(r) {
  const keys = Object.keys(r.sides[0]);
  const tbl = el("table", { class: "score" }, el("tr", {}, el("th", { text: "" }), ...r.sides.map((_, i) => el("th", { text: t("side_n", { n: i + 1 }) }))),
    ...keys.map(k => el("tr", {}, el("th", { text: k.replaceAll("_", " ") }), ...r.sides.map(s => el("td", { text: String(s[k]) })))));
  const body = $("result-body");
  body.replaceChildren(el("h2", { text: t("hand_over", { n: r.hand + 1 }) }), tbl);
  if (view.winner >= 0) body.append(el("p", { class: "status", text: t("game_over", { who: t("side_n", { n: view.winner + 1 }) }) }),
    el("a", { href: `/api/tables/${tableId}/games/${table.game_no}/record`, text: t("record"), onclick: download }));
  $("result").showModal();
}
async function download(e) {
  e.preventDefault();
  const r = await fetch(e.target.href, { headers: { authorization: `Bearer ${token}` } });
  const url = URL.createObjectURL(await r.blob());
  Object.assign(document.createElement("a"), { href: url, download: `canasta-${tableId}.json` }).click();
}
$("status").textContent = t("connecting");
connect();
