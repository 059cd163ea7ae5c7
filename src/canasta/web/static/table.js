// The game table: draws the server's view of this seat and sends intents. No rule is decided here:
// the buttons are the actions the engine lists, and a refusal shows the engine's own sentence.
import { loadMessages, applyMessages, t, cardText, cardName, language } from "/static/i18n.js";
import { el, remember } from "/static/common.js";
import { cardFace } from "/static/cards.js";
import { seatsStrip, centre, sidePanel, question, logList, breakdown, history, seatName, sideName, cardsInHand, tableTitle, tableFacts, meldWhat, glance, codesToCards } from "/static/board.js";
import { chatBox, chatLines, chatSettings } from "/static/talk.js";

await loadMessages();
applyMessages();
const tableId = location.pathname.split("/")[2];
const token = new URLSearchParams(location.hash.slice(1)).get("t");
const hostToken = new URLSearchParams(location.hash.slice(1)).get("h");   // a practice table's player is its host
const $ = id => document.getElementById(id);
let ws, view = null, table = null, seat = null, lastEvent = null, seq = 0, shownResults = null;
let lost = null;                   // why this link no longer opens the seat (the server's code), or null
let welcomed = false, failures = 0, answerTimer = null;
let origin = null;                 // where the player tried the last action: its refusal is shown there
let cursor = 0;                    // the hand's one tab stop (arrow keys move it)
let reveals = [];                  // a fair game's hand seeds, each sent when its hand ends
let dealing = null;                // while the cards are not dealt: the server's seal, the seats awaited
let selected = new Set();          // positions in the hand as shown
let order = [];                    // the player's own arrangement, after a drag
const prefs = JSON.parse(localStorage.getItem("canasta.prefs") || "{}");
prefs.sort ??= "rank";

// ---------------------------------------------------------------- display settings
function applyPrefs() {
  for (const [k, id] of [["large", "size"], ["four", "four"], ["contrast", "contrast"]]) {
    document.documentElement.classList.toggle(k, !!prefs[k]); $(id).setAttribute("aria-pressed", prefs[k] ? "true" : "false");
  }
  $("sort").textContent = t("sort_" + prefs.sort);
  localStorage.setItem("canasta.prefs", JSON.stringify(prefs));
}
for (const [k, id] of [["large", "size"], ["four", "four"], ["contrast", "contrast"]]) $(id).onclick = () => { prefs[k] = !prefs[k]; applyPrefs(); };
$("sort").onclick = () => { prefs.sort = prefs.sort === "rank" ? "suit" : "rank"; order = []; applyPrefs(); render(); };
applyPrefs();
// on a phone the settings fold behind one button, so that the first screen is the game (style.css)
$("display-toggle").onclick = () => {
  const open = document.querySelector("header").classList.toggle("open");
  $("display-toggle").setAttribute("aria-expanded", String(open));
};

// ---------------------------------------------------------------- the connection
// "Connecting..." never lasts: a page the server has not answered in a few seconds says what may be
// wrong and offers to try again; a link that no longer opens the seat says why (the server's code).
const ANSWER_MS = 6000, GONE = ["seat_to_bot", "seat_new_link", "bad_token", "unknown_table"];
function connect() {
  if (lost) return;
  clearTimeout(answerTimer);
  welcomed = false;
  const sock = ws = new WebSocket(`${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/ws/${tableId}`);
  answerTimer = setTimeout(() => { if (!welcomed && !lost) noAnswer(); }, ANSWER_MS);
  sock.onopen = () => sock.send(JSON.stringify({ type: "hello", token, last_event: lastEvent, lang: language() }));
  sock.onmessage = e => { if (sock === ws) receive(JSON.parse(e.data)); };
  sock.onclose = ev => {
    if (sock !== ws || lost) return;
    if (ev.code === 4401 || ev.code === 4404) return goneAway(ev.code === 4404 ? "unknown_table" : "bad_token");
    failures += 1;
    if (failures >= 3 || ev.code === 4400) return noAnswer();
    // until the server has answered again no move can be sent: none is offered (a button or key
    // pressed now would only say "not connected"); the snapshot after the welcome draws them again
    document.body.classList.remove("my-turn"); $("actions").replaceChildren(); keyed = {};
    $("status").textContent = t("reconnecting"); setTimeout(connect, 1500);
  };
}
function noAnswer() {
  clearTimeout(answerTimer);
  if (ws && ws.readyState <= 1) { const old = ws; ws = null; old.close(); }
  $("status").textContent = t(navigator.onLine === false ? "offline" : "no_answer");
  const again = el("button", { class: "primary", id: "try-again", text: t("try_again") });
  again.onclick = () => { failures = 0; $("status").textContent = t("connecting"); $("actions").replaceChildren(); connect(); };
  $("actions").replaceChildren(again); keyed = {};
  again.focus();
}
// The link no longer opens this seat: said in words, no move offered, nothing tried again.
function goneAway(code) {
  if (lost) return;
  lost = GONE.includes(code) ? code : "bad_token";
  clearTimeout(answerTimer);
  document.body.dataset.lost = lost;
  document.body.classList.remove("my-turn");
  $("status").textContent = t("lost_" + lost);
  $("question").hidden = true; hideError(); $("hint").hidden = true;
  $("actions").replaceChildren(el("a", { class: "button", href: "/", text: t("home_page") })); keyed = {};
  document.querySelector(".hand-box").hidden = true;           // the cards are no longer this page's
  $("talk").hidden = true;
  if (ws) { const old = ws; ws = null; old.close(); }
}
function receive(m) {
  if (m.type === "error" && GONE.includes(m.code)) return goneAway(m.code);
  if (m.type === "welcome") {
    welcomed = true; failures = 0; clearTimeout(answerTimer);
    seat = m.seat; table = m.table;
    document.querySelector(".hand-box").hidden = seat === null;   // a watcher has no hand
    $("talk").replaceChildren(...chatBox(sendChat, seat !== null));
    remember({ name: tableTitle(table), say: { table: tableFacts(table) }, link: location.pathname + location.hash });
    $("table-name").textContent = tableTitle(table);
    // this table's rules card, its house rules marked (the link's token read by that page only)
    const key = token || hostToken;
    $("rules-link").href = `/rules/${table.preset}` + (key ? `?table=${encodeURIComponent(tableId)}#t=${encodeURIComponent(key)}` : "");
  }
  if (m.table) { table = m.table; chatSettings(table, seat); }
  if (m.reveals) reveals = m.reveals;
  if (m.type === "snapshot" || m.type === "events" || m.type === "dealing") {
    dealing = m.dealing ?? null;
    if (dealing) giveNumber(dealing);
  }
  if (m.view) { view = m.view; lastEvent = m.event; document.body.dataset.event = String(m.event); selected.clear(); hideError(); $("hint").hidden = true; render(); }
  else if ("view" in m) { view = null; lastEvent = m.event; document.body.dataset.event = String(m.event); render(); }
  else if (m.type === "table" || m.type === "dealing") render();
  if (m.type === "chat") chatLines(m.lines, table);
  if (m.type === "notice") showNotice(t("notice_" + m.code));
  if ((m.type === "refused" || m.type === "error") && m.code?.startsWith("chat_")) chatLines([], table, codesToCards(m.message));
  else if (m.type === "refused" || m.type === "error") showError(t("refused", { message: codesToCards(m.message) }));
  if (m.type === "hint") {
    // the words are the server's, in this seat's language (canasta.bots.explain: the same
    // sentence as the terminal's hint)
    $("hint").textContent = m.words ? t("hint_is", { words: m.words }) : t("hint_move", { move: actionWords(m.action) });
    $("hint").hidden = false;
  }
}
// A message to the server; with no open socket the player is told and the page connects again
// (nothing is sent silently into a closed socket).
function send(msg) {
  if (lost) return false;
  if (!ws || ws.readyState !== WebSocket.OPEN) { showError(t("not_connected")); if (!ws) connect(); return false; }
  ws.send(JSON.stringify(msg)); return true;
}
const intent = what => { hideError(); origin = document.activeElement; send({ type: "intent", id: `c${Date.now()}-${++seq}`, based_on: lastEvent, ...what }); };
const sendChat = what => send({ type: "chat", id: `t${Date.now()}-${++seq}`, ...what });

// ---------------------------------------------------------------- the shuffle: this page's random number
// Kept for the game (a reload sends the same one) with the server's seal shown before it was sent, so
// that the page can check, when the game is over, that both are the ones the deal was made from.
const dealKey = game => `canasta.deal.${tableId}.${game}`;
const savedDeal = game => JSON.parse(localStorage.getItem(dealKey(game)) || "null");
const hex = bytes => [...bytes].map(b => b.toString(16).padStart(2, "0")).join("");
function giveNumber(d) {
  if (seat === null || !d.waiting.includes(seat)) return;
  let saved = savedDeal(d.game);
  if (!saved) {
    saved = { number: hex(crypto.getRandomValues(new Uint8Array(16))), seal: d.server_sha256 };
    localStorage.setItem(dealKey(d.game), JSON.stringify(saved));
  }
  send({ type: "shuffle", id: `n${d.game}`, game: d.game, number: saved.number });
}
async function sha256(text) {   // hex; null where the browser offers no digest (plain http, not localhost)
  if (!crypto.subtle) return null;
  return hex(new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text))));
}
const sealOf = (salt, value) => sha256(JSON.stringify([salt, value]));
function renderDealing() {
  const names = dealing.waiting.map(s => seatName(table, s)).join(", ");
  $("status").textContent = t("deal_waiting");
  $("dealing-who").textContent = t("deal_waiting_for", { names });
  $("dealing-fair").textContent = t("deal_fair", { seal: (dealing.server_sha256 || "").slice(0, 12) });
  $("dealing").hidden = false;
  for (const id of ["hand", "seats", "centre", "sides", "actions", "log", "history"]) $(id).replaceChildren();
  $("undo-note").hidden = true;
  $("hand-count").textContent = "";
  $("question").hidden = true;
}

// ---------------------------------------------------------------- the hand
const RANKS = "AKQJT98765432";
const rankKey = c => (c === "JK" ? 0 : c[0] === "2" ? 1 : 2 + RANKS.indexOf(c[0]));
const suitKey = c => (c === "JK" ? -1 : "SHCD".indexOf(c[1]));
function handCards() {
  const cards = (view.hand || "").split(" ").filter(Boolean);
  const sorted = [...cards].sort((a, b) => prefs.sort === "suit" && rankKey(a) > 1 && rankKey(b) > 1
    ? suitKey(a) - suitKey(b) || rankKey(a) - rankKey(b) : rankKey(a) - rankKey(b) || suitKey(a) - suitKey(b));
  if (!order.length) return sorted;
  // the player's arrangement: cards still held keep their place, new cards go to the end
  const left = [...sorted], out = [];
  for (const c of order) { const i = left.indexOf(c); if (i >= 0) { out.push(c); left.splice(i, 1); } }
  return out.concat(left);
}
function selectedCards() { const h = handCards(); return [...selected].sort((a, b) => a - b).map(i => h[i]); }
function move(from, to) {
  const h = handCards(); const [c] = h.splice(from, 1); h.splice(to, 0, c); order = h;
  selected.clear(); cursor = to; render(); $("hand").children[to]?.focus();
}
// The hand is one tab stop: the card at the cursor; the arrow keys, Home and End move in it.
function handCard(c, i, n) {
  const d = el("div", { class: `card${selected.has(i) ? " sel" : ""}`, role: "option", tabindex: i === Math.min(cursor, n - 1) ? "0" : "-1", draggable: "true",
    "aria-selected": selected.has(i) ? "true" : "false", "aria-label": cardName(c), title: cardName(c), "data-i": String(i), "data-card": c });
  d.append(cardFace(c), el("span", { class: "sr-corner", "aria-hidden": "true", text: cardText(c) }));
  const flip = () => { selected.has(i) ? selected.delete(i) : selected.add(i); cursor = i; render(); $("hand").children[i]?.focus(); };
  d.onclick = flip;
  d.onfocus = () => { cursor = i; for (const k of $("hand").children) k.tabIndex = k === d ? 0 : -1; };
  d.onkeydown = e => {
    const keys = { ArrowRight: i + 1, ArrowDown: i + 1, ArrowLeft: i - 1, ArrowUp: i - 1, Home: 0, End: n - 1 };
    if (e.key === " " || e.key === "Enter") { e.preventDefault(); flip(); }
    else if (e.key in keys) {
      e.preventDefault();
      const to = Math.max(0, Math.min(n - 1, keys[e.key]));
      if (e.shiftKey) move(i, to); else { cursor = to; $("hand").children[to]?.focus(); }
    }
  };
  d.ondragstart = e => { e.dataTransfer.setData("text/plain", String(i)); d.classList.add("dragging"); };
  d.ondragend = () => d.classList.remove("dragging");
  d.ondragover = e => e.preventDefault();
  d.ondrop = e => { e.preventDefault(); const from = +e.dataTransfer.getData("text/plain"); if (from !== i) move(from, i); };
  return d;
}

// ---------------------------------------------------------------- the actions the engine lists
// each button's key is the catalogue's (a letter of the action's word in the reader's language)
const key = what => t("key_" + what).toLowerCase();
let keyed = {};
function actions(mine) {
  const legal = view.legal_actions || [];
  const has = w => legal.some(a => a.split(" ")[0] === w);
  const box = $("actions"); box.replaceChildren(); keyed = {};
  const btn = (label, fn, opts = {}) => {
    const b = el("button", { class: opts.primary ? "primary" : "", text: label, onclick: fn, "data-act": opts.act || label });
    if (opts.key) { b.setAttribute("aria-keyshortcuts", opts.key.toUpperCase()); b.append(el("kbd", { text: opts.key.toUpperCase() })); keyed[opts.key] = fn; }
    box.append(b);
  };
  const known = ["draw", "upcard", "take", "meld", "add", "discard", "ask", "yes", "no", "retract", "end", "pass"];
  if (has("draw")) btn(t("act_draw"), () => intent({ action: "draw" }), { primary: true, key: key("draw"), act: "draw" });
  if (has("upcard")) btn(t("act_upcard"), () => intent({ action: "upcard" }));
  const take = () => intent({ take: selected.size ? selectedCards() : [] });
  if (has("take")) btn(t("act_take"), take, { key: key("take"), act: "take" });
  else if (mine && view.phase === "draw" && view.pile?.size) keyed[key("take")] = take;   // the key asks the engine why not
  const here = () => { origin = document.activeElement; };
  if (has("meld") || has("add")) btn(t("act_meld"), () => selected.size ? intent({ meld: selectedCards() }) : (here(), showError(t("select_meld"))), { key: key("meld"), act: "meld" });
  if (has("discard")) btn(t("act_discard"), () => selected.size === 1 ? intent({ action: `discard ${selectedCards()[0]}` }) : (here(), showError(t("select_one"))), { primary: true, key: key("discard"), act: "discard" });
  // "may I go out?" only when the engine says going out is possible this turn, with what a yes binds
  const out = view.going_out;
  if (has("ask") && out?.possible) btn(t("act_ask"), () => intent({ action: "ask" }), { key: key("ask"), act: "ask" });
  for (const w of ["yes", "no", "retract", "end", "pass"]) if (has(w)) btn(t("act_" + w), () => intent({ action: w }), { act: w });
  for (const a of legal) if (!known.includes(a.split(" ")[0])) btn(actionText(a), () => intent({ action: a }));
  if (mine) btn(t("hint"), () => ws.send(JSON.stringify({ type: "hint", id: `h${++seq}` })), { key: key("hint") });
  if (view.phase === "over" && hostToken) btn(t("new_game"), newGame, { primary: true });
  const undo = table?.practice && seat !== null && view.phase !== "over";
  if (undo) btn(t("undo"), () => ws.send(JSON.stringify({ type: "undo", id: `u${++seq}`, based_on: lastEvent })));
  $("undo-note").hidden = !undo;   // undo keeps the stock as it is: said where the button is
  if (mine && (has("meld") || has("add"))) box.append(el("span", { class: "note", text: t("pick_meld") }));
  if (has("ask") && out?.possible) box.append(el("p", { class: "note binds", id: "ask-binds",
    text: out.binding ? t(out.penalty ? "ask_binds_penalty" : "ask_binds", { n: out.penalty }) : t("ask_not_binding") }));
}
document.addEventListener("keydown", e => {
  if (e.ctrlKey || e.metaKey || e.altKey || /INPUT|TEXTAREA|SELECT/.test(e.target.tagName) || $("result").open || lost) return;
  const fn = keyed[e.key.toLowerCase()];
  if (fn) { e.preventDefault(); fn(); }
});
// An action in the engine's notation said as a sentence: "Add J♠ to your fours", "Discard 7♥",
// "Pick up the pile with 9♥ 9♠", "Join your kings and mixed canasta of kings". Cards and melds from
// the notation, every word from the catalogue: a move the catalogue has no sentence for (a new
// kind) shows its notation.
function actionText(a) {
  const [w, ...rest] = a.split(" ");
  const cards = rest.filter(x => /^[2-9TJQKA][CDHS]$|^JK$/.test(x));
  const melds = rest.filter(x => /^@\d+$/.test(x)).map(x => {
    const m = view?.melds?.[view.side]?.[+x.slice(1)];
    return m ? meldWhat(m) : x;
  });
  const plain = rest.filter(x => !/^[2-9TJQKA][CDHS]$|^JK$|^@\d+$/.test(x));
  const key = w === "take" ? "say_take" + (cards.length ? "_with" : "") + (melds.length ? "_onto" : "")
    : w === "declare" ? `say_declare_${plain[0]}` : "say_" + w;
  const said = t(key, { cards, meld: melds[0] ?? "", other_meld: melds[1] ?? "" });
  return said === key ? a : said;
}
const actionWords = actionText;
async function newGame() {
  const r = await fetch(`/api/tables/${tableId}/games`, { method: "POST", headers: { authorization: `Bearer ${hostToken}` } });
  if (!r.ok) showError(t("refused", { message: (await r.json()).error.message }));
  $("result").close();
}
// A refusal is shown next to where the action was tried (a meld, the pile, the hand or the buttons),
// and scrolled into view: on a phone the buttons may be far above the meld that was clicked.
function showError(text) {
  const box = $("error"), from = origin?.isConnected ? origin : null;
  const spot = from?.closest(".meld, .pile, #hand") || null;
  if (spot?.matches(".meld")) spot.closest(".melds").after(box);
  else if (spot?.matches(".pile")) spot.closest(".centre").after(box);
  else if (spot) spot.after(box);
  else $("actions").after(box);
  box.textContent = text; box.hidden = false;
  box.scrollIntoView({ block: "nearest" });
}
function hideError() { $("error").hidden = true; }
function showNotice(text) { const n = $("notice"); n.textContent = text; n.hidden = false; }

// ---------------------------------------------------------------- drawing
// Where the keyboard was before the page is drawn again, to put it back there after: a card of the
// hand (the same card, else the same place), a button (the same action, else the hand), a meld.
function focusMark() {
  const a = document.activeElement;
  if (!a || a === document.body) return null;
  if (a.closest("#hand")) return { hand: true };
  if (a.closest("#actions")) return { act: a.dataset.act };
  if (a.closest("#sides .meld")) return { meld: a.dataset.index };
  if (a.closest("#centre .pile")) return { pile: true };
  return null;
}
function focusBack(mark) {
  if (!mark || lost) return;
  const hand = () => $("hand").children[Math.min(cursor, $("hand").children.length - 1)];
  const target = mark.act ? ($("actions").querySelector(`[data-act="${CSS.escape(mark.act)}"]`) || hand())
    : mark.meld != null ? $("sides").querySelector(`.meld[data-index="${mark.meld}"][role=button]`) || hand()
      : mark.pile ? $("centre").querySelector(".pile .card.clickable") || hand() : hand();
  target?.focus({ preventScroll: true });
}
function render() {
  document.body.classList.toggle("waiting", !view && !!dealing);
  if (!view && dealing && table && !lost) return renderDealing();
  $("dealing").hidden = true;
  if (!view || lost) return;
  const mark = focusMark();
  const mine = seat !== null && view.to_act === seat && view.phase !== "over";
  const over = view.phase === "over";
  $("status").textContent = seat === null ? t("spectating") : over ? t("game_over", { who: sideName(view, view.winner) })
    : mine ? (view.phase === "answer" ? t("your_answer") : t("your_turn")) : t("turn_of", { name: seatName(table, view.to_act) });
  document.body.classList.toggle("my-turn", mine);
  const q = question(view, table); $("question").textContent = q; $("question").hidden = !q;
  const cards = handCards();
  $("hand").replaceChildren(...cards.map((c, i) => handCard(c, i, cards.length)));
  $("glance").replaceChildren(...glance(view, table));
  $("hand-count").textContent = seat === null ? "" : cardsInHand(cards.length);
  $("seats").replaceChildren(seatsStrip(view, table));
  $("centre").replaceChildren(centre(view));
  const add = m => { origin = document.activeElement; return selected.size ? intent({ meld: selectedCards(), to: m.index }) : showError(t("pick_meld")); };
  const sidesOrder = view.side == null ? [...view.melds.keys()] : [view.side, ...[...view.melds.keys()].filter(s => s !== view.side)];
  $("sides").replaceChildren(...sidesOrder.map(s => sidePanel(view, table, s, mine && s === view.side ? add : null)));
  actions(mine);
  const pileTop = $("centre").querySelector(".pile .card");   // the pile's top card: P's action too
  const takeKey = keyed[key("take")];
  if (pileTop && takeKey) {
    pileTop.onclick = () => { pileTop.focus(); takeKey(); };
    pileTop.classList.add("clickable"); pileTop.tabIndex = 0; pileTop.setAttribute("role", "button");
    pileTop.onkeydown = e => { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); takeKey(); } };
  }
  const log = $("log"), atEnd = log.scrollTop + log.clientHeight >= log.scrollHeight - 30;
  log.replaceChildren(...logList(view, table));
  if (atEnd) log.scrollTop = log.scrollHeight;
  $("history").replaceChildren(...history(view));
  if (shownResults === null || view.results.length < shownResults) shownResults = view.results.length;
  if (view.results.length > shownResults) { shownResults = view.results.length; showResult(view.results[view.results.length - 1]); }
  focusBack(mark);
}
function showResult(r) {
  const body = $("result-body");
  body.replaceChildren(...breakdown(r, view, table));
  body.firstChild.id = "result-title";
  if (view.phase === "over") {
    body.append(el("p", { class: "status", text: t("game_over", { who: sideName(view, view.winner) }) }));
    $("result-record").hidden = false;
    const replay = $("result-replay"); replay.hidden = false; replay.href = `/replay/${tableId}/${table.game_no}#t=${token}`;
    $("result-new").hidden = !hostToken;
  }
  const fair = reveals.find(x => x.hand === view.results.length);   // the deal's proof, in words
  if (fair) body.append(fairBox(fair));
  body.append(el("h3", { text: t("game_so_far") }), ...history(view));
  $("result").showModal();
  // the keyboard on the button that goes on (not the first link, "How to check", where Enter would
  // open another page), the window still shown from its top
  $("result-close").focus({ preventScroll: true });
}
// The fair-deal box under a hand's score: where the hand's cards came from, in plain words, and what
// this page could check itself (the seal; its own number in the mix; at the end, the server's number).
function fairBox(fair) {
  const box = el("div", { class: "fair", id: "deal-check" }, el("p", { text: t("deal_check", { n: fair.hand }) }));
  const line = (key, args) => box.append(el("p", { class: "note", text: t(key, args) }));
  line("deal_seal", { seed: fair.seed.slice(0, 12), sha: fair.sha256.slice(0, 12) });
  const game = table.game_no, saved = savedDeal(game), mine = table.deal?.values?.find(v => v.seat === seat);
  if (saved && mine) line(mine.value === saved.number ? "deal_yours" : "deal_not_yours", { number: saved.number.slice(0, 12) });
  const how = el("p", {}, el("a", { class: "tap", href: "/fair", target: "_blank", text: t("deal_how_to_check") }));
  box.append(how);
  sealOf(fair.salt, fair.seed).then(sha => { if (sha) how.before(el("p", { class: "note", text: t(sha === fair.sha256 ? "deal_seal_ok" : "deal_seal_bad") })); });
  if (view.phase === "over" && table.deal) checkServer(game, saved, how);
  return box;
}
async function checkServer(game, saved, before) {
  const r = await fetch(`/api/tables/${tableId}/games/${game}/commitments`, { headers: { authorization: `Bearer ${token}` } });
  if (!r.ok) return;
  const doc = await r.json(), server = doc.server || {};
  if (!server.seed) return;
  const sha = await sealOf(server.salt, server.seed);
  if (sha === null) return;
  const ok = sha === server.sha256 && (!saved || saved.seal === server.sha256);
  before.before(el("p", { class: "note", id: "deal-server", text: t(ok ? "deal_server_ok" : "deal_server_bad", { seed: server.seed.slice(0, 12), seal: server.sha256.slice(0, 12) }) }));
}
$("result-close").onclick = () => $("result").close();
$("result-new").onclick = newGame;
$("result-record").onclick = async () => {
  const r = await fetch(`/api/tables/${tableId}/games/${table.game_no}/record`, { headers: { authorization: `Bearer ${token}` } });
  const url = URL.createObjectURL(await r.blob());
  Object.assign(document.createElement("a"), { href: url, download: `canasta-${tableId}-${table.game_no}.json` }).click();
};
$("status").textContent = t("connecting");
connect();
