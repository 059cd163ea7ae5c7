// What every page that shows a game draws from a view (the table, the replay): the seats, the stock
// and pile, each side's melds and scores, the log and the score breakdown. It reads the server's view
// only: no rule is decided here.
import { t, num, cardText } from "/static/i18n.js";
import { el } from "/static/common.js";
import { cardImage, cardBack, cardName } from "/static/cards.js";

const cardsOf = s => (s || "").split(" ").filter(Boolean);
export const sideOf = (v, s) => s % v.sides;
export const cardsInHand = n => t("cards_in_hand", { n });
// A rule set's name in the reader's language (the server's English title where the catalogue has none).
export const presetTitle = table => t(`preset.${table.preset}.title`) === `preset.${table.preset}.title` ? table.title : t(`preset.${table.preset}.title`);
// A table's heading: its name, with the rule set's title where it has a name of its own (a table
// nobody named is called by its rule set, in the reader's language).
export function tableTitle(table) {
  return unnamed(table) ? presetTitle(table) : t("table_title", { name: tableName(table), title: presetTitle(table) });
}
// The server keeps no name for a table nobody named (""): each page says its rule set's title.
const unnamed = table => !table?.event_round && !table?.name;
// A table's name: a tournament round's table said from its facts in the reader's words ("Spring cup:
// round 2, table 3"), a table nobody named by its rule set's title, any other by the name it was given.
export function tableName(table) {
  const r = table?.event_round;
  if (r) return t("event_round_table", { event: r.event, round: r.round, table: r.table });
  return unnamed(table) ? presetTitle(table) : table.name;
}
// What the list of this browser's tables keeps of a table, to name it again in whichever language
// the reader reads the list in (its seats for the seats nobody named).
export const tableFacts = tb => ({ name: tb.name, preset: tb.preset, title: tb.title, event_round: tb.event_round,
  seats: (tb.seats || []).map(s => ({ seat: s.seat, kind: s.kind, name: s.name })) });
// An entry of that list in the reader's language now, from the words it keeps ("say": a catalogue
// key and its data, the table's facts, a seat, a rule set); an entry kept before, as it was kept.
export function rememberedName(x) {
  const w = x?.say;
  if (!w) return x?.name ?? "";
  const data = { ...(w.data || {}) };
  if (w.table) data.table = tableName(w.table);
  if (w.table && w.seat != null) data.name = seatName(w.table, w.seat);
  if (w.preset) data.title = presetTitle(w);
  return w.key ? t(w.key, data) : tableTitle(w.table);
}
// A seat by its name; a seat nobody named, in the reader's words: "Bot 1", "Player 2".
export function seatName(table, s) {
  const info = table?.seats?.[s];
  if (info?.name) return info.name;
  if (info?.kind === "bot") {
    const n = table.seats.filter(x => x.kind === "bot" && x.seat <= s).length;
    return t("bot_n", { n });   // its level is said beside it
  }
  return info ? t("player_n", { n: s + 1 }) : t("seat_n", { n: s + 1 });
}
// Cards named in the engine's English words (a refusal, a sequence's name) shown as players write
// them: "QH" becomes "Q♥", "TC" "10♣" (never a code in a sentence the page shows).
export const codesToCards = text => String(text ?? "").replace(/\b([2-9TJQKA][CDHS])\b/g, c => cardText(c));
// What a player needs at a glance on a phone's first screen: the pile's top card and its state,
// and one line per side with its melds (each "kings 5", a canasta marked), ours first.
export function glance(v, table) {
  const p = v.pile, state = [p.frozen ? t("frozen") : "", p.stopped ? t("stopped") : "",
    p.frozen_for_me && !p.frozen ? t("frozen_for_you") : ""].filter(Boolean);
  const pile = el("div", { class: "glance-pile" },
    p.top ? cardImage(p.top, "tiny") : el("span", { class: "card tiny empty" }),
    el("span", { text: p.top ? t("glance_pile", { n: p.size }) : t("pile_empty") }),
    ...state.map(x => el("span", { class: "badge frozen", text: x })));
  const order = v.side == null ? [...v.melds.keys()] : [v.side, ...[...v.melds.keys()].filter(s => s !== v.side)];
  const lines = order.map(side => {
    const ms = v.melds[side];
    const words = ms.length ? ms.map(m => t(m.canasta ? "glance_canasta" : "glance_meld", { what: meldWhat(m), n: m.size })).join(", ")
      : t(v.opened[side] ? "glance_none" : "glance_not_open", { n: v.minimum[side] });
    return el("p", { class: "glance-side" }, el("strong", { text: t("side_label", { side: sideName(v, side) }) }), " ", el("span", { text: words }));
  });
  return [pile, ...lines];
}
export function sideName(v, side) {
  return v.side === side ? t("side_us") : v.side == null ? t("side_n", { n: side + 1 }) : v.sides === 2 ? t("side_them") : t("side_n", { n: side + 1 });
}

// Every seat round the table: name, cards in hand, whose turn, who is away or a bot.
export function seatsStrip(v, table) {
  const box = el("ul", { class: "seats", "aria-label": t("seats") });
  for (let s = 0; s < v.players; s++) {
    const info = table?.seats?.[s];
    const turn = v.to_act === s && v.phase !== "over";
    const bits = [cardsInHand(v.hand_counts[s])];
    if (info?.kind === "bot") bits.push(t("bot_of_level", { level: t("level_" + (info.level || "club")) }));
    else if (info && !info.connected) bits.push(t("away"));
    if (info?.stand_in) bits.push(t("stand_in"));
    if (s === v.seat && info?.name !== t("you")) bits.unshift(t("you"));
    else if (v.partner != null && s === v.partner) bits.unshift(t("partner"));
    box.append(el("li", { class: `seat${turn ? " turn" : ""}${s === v.seat ? " me" : ""}` },
      el("strong", { text: seatName(table, s) }), el("span", { text: bits.join(" · ") }),
      turn ? el("span", { class: "badge", text: v.phase === "answer" ? t("answering") : t("to_play") }) : null));
  }
  return box;
}

// The stock, the discard pile (top card, size, frozen or stopped in words), the turn card and talons.
export function centre(v) {
  const p = v.pile;
  const stock = el("div", { class: "heap", "aria-label": t("stock", { n: v.stock }) },
    el("span", { class: "card small", "aria-hidden": "true" }, cardBack()), el("span", { text: t("stock", { n: v.stock }) }));
  const states = [];
  if (p.frozen) states.push(el("span", { class: "badge frozen", text: t("frozen") }));
  if (p.stopped) states.push(el("span", { class: "badge stopped", text: t("stopped") }));
  if (p.frozen_for_me && !p.frozen) states.push(el("span", { class: "badge frozen", text: t("frozen_for_you") }));
  const pile = el("div", { class: "heap pile" },
    p.top ? cardImage(p.top, "pile-top") : el("span", { class: "card small empty", text: "" }),
    el("div", {}, el("span", { text: p.top ? t("pile", { n: p.size }) : t("pile_empty") }), el("div", { class: "row" }, ...states)));
  const parts = [stock, pile];
  // S3 C: the turn card sits 8 cards from the bottom; talons are drawn only down to it
  if (v.turn_card?.under) parts.push(el("p", { class: "note turn-card", text: v.turn_card.passed ? t("turn_card_passed")
    : t("turn_card", { n: v.stock - v.turn_card.under, under: v.turn_card.under }) }));
  if (v.talons && (v.turn_card?.under || v.talons.some(x => x))) parts.push(el("p", { class: "note talons", text: t("talons", { list: v.talons.map((n, i) =>
    t("talon_side", { side: sideName(v, i), what: n ? t("talon_took", { n }) : t("talon_none") })).join(" · ") }) }));
  return el("div", { class: "centre" }, ...parts);
}

// A side's melds: each labelled in words (natural / mixed canasta, red / black as players say),
// with its points; the side's score, table total, opening minimum and red threes.
export function sidePanel(v, table, side, onMeld) {
  const ms = v.melds[side];
  const total = ms.reduce((a, m) => a + (m.points || 0), 0);
  const players = [];
  for (let s = 0; s < v.players; s++) if (sideOf(v, s) === side) players.push(seatName(table, s));
  const box = el("section", { class: `panel side${side === v.side ? " ours" : ""}`, "aria-label": sideName(v, side) },
    el("h2", { text: t("side_players", { side: sideName(v, side), players: players.join(" & ") }) }),
    el("dl", { class: "facts" },
      el("dt", { text: t("score") }), el("dd", { class: "big", text: num(v.scores[side]) }),
      el("dt", { text: t("table_points") }), el("dd", { text: num(total) }),
      el("dt", { text: t("minimum_label") }), el("dd", { text: v.opened[side] ? t("opened") : num(v.minimum[side]) })));
  const threes = cardsOf(v.red_threes.filter((_, s) => sideOf(v, s) === side).join(" "));
  // the American games lay black threes beside the red ones (R 1.2, S3): there the row says "Threes"
  const all = v.threes_laid === "all";
  if (threes.length) box.append(el("div", { class: "row threes" }, el("span", { text: t(all ? "threes_laid" : "red_threes") }), ...threes.map(c => cardImage(c, "tiny"))));
  const row = el("div", { class: "melds" });
  if (!ms.length) row.append(el("p", { class: "note", text: v.opened[side] ? "" : t("no_melds") }));
  ms.forEach(m => {
    const cards = cardsOf(m.cards);
    const label = m.canasta ? t("canasta_" + m.kind) : meldWhat(m);
    const mb = el("div", { class: `meld${m.canasta ? " canasta " + m.kind : ""}`, "data-index": String(m.index) },
      el("div", { class: "what" }, el("span", { text: label }), el("span", { class: "pts", text: m.points == null ? t("closed") : t("points", { n: m.points }) })),
      el("div", { class: "fan" }, ...(cards.length ? cards.map(c => cardImage(c, "tiny")) : [el("span", { text: t("cards_n", { n: m.size }) })])));
    mb.setAttribute("aria-label", t("meld_aria", { what: meldWhat(m), n: m.size, names: cards.map(cardName).join(", ") }));
    if (onMeld) {
      mb.setAttribute("role", "button"); mb.tabIndex = 0; mb.title = t("act_add");
      mb.onclick = () => onMeld(m);
      mb.onkeydown = e => { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); onMeld(m); } };
    }
    row.append(mb);
  });
  box.append(row);
  return box;
}

// A meld in words from its data (the view's type, rank, canasta kind and a sequence's ends):
// "kings", "mixed canasta of kings", "sequence 4♥–10♥", "wild cards".
export function meldWhat(m) {
  const type = m.type || "group";
  if (type === "black3") return t("meld_black3");
  if (type === "wild") return t(m.canasta ? "meld_wild_canasta" : "meld_wild");
  if (type === "sequence") return t(m.canasta ? "meld_sequence_canasta" : "meld_sequence", { from_card: m.from_card, to_card: m.to_card });
  return m.canasta ? t(m.natural ? "meld_group_natural" : "meld_group_mixed", { rank: m.rank }) : t("meld_group", { rank: m.rank });
}

// The partner question in words: who asked, and the answer once given.
export function question(v, table) {
  const ts = v.turn_state || {};
  if (v.phase === "answer") return t("asks_partner", { name: seatName(table, v.turn), partner: seatName(table, v.to_act) });
  if (ts.asked && ts.answer) return t("partner_said", { name: seatName(table, v.turn), answer: t("answer_" + ts.answer) });
  return "";
}

// One line of the log in words; the reader's own moves are told as "You ...".
const TABLE_EVENTS = ["deal", "hand_over", "position", "start_pile"];   // the table's, said without a player's name
export function logLine(e, table, me = null) {
  // the American games lay every three as it comes (R 1.2, S3 C): a black one is named so
  if (e.what === "red3" && /\b3[CS]\b/.test(e.cards || "")) e = { ...e, what: "black3_laid" };
  const args = { cards: e.cards || "", n: e.count ?? "" };
  const counted = !e.cards && e.count > 0;   // another seat's cards, hidden: only how many
  // with no cards to name (a move told from its notation, a turnover), "({cards})" or ": {cards}" go
  const bare = s => e.cards || counted ? s : s.replace(/:? *\(?\)?$/, "").trim();
  if (me != null && e.seat === me && !counted && t("you_ev_" + e.what) !== "you_ev_" + e.what) return bare(t("you_ev_" + e.what, args));
  args.who = TABLE_EVENTS.includes(e.what) || e.seat == null || e.seat < 0 ? "" : seatName(table, e.seat);
  const key = "ev_" + e.what + (counted ? "_n" : "");
  const text = t(key, args);
  return bare(text === key ? t("ev_other", { ...args, what: e.what.replaceAll("_", " ") }) : text).trim();
}
export function logList(v, table) {
  return v.log.map(e => el("li", { text: logLine(e, table, v.seat) }));
}

// A move in notation ("meld 3C 3S 3H") told in words, as the log tells it.
export function actionPhrase(action, seat, table) {
  const [op, ...rest] = action.split(" ");
  return logLine({ seat, what: op, cards: rest.filter(x => /^[2-9TJQKA][CDHS]$|^JK$/.test(x)).join(" ") }, table);
}

// The end-of-hand breakdown: every part the engine reports, in words, with S3 K's Base / Count /
// Penalties / Total (Base + Count + Penalties = Total); rows that are nothing for every side are left out.
const ROWS = [
  ["natural_canastas", "count"], ["mixed_canastas", "count"], ["sequence_canastas", "count"], ["wild_canastas", "count"],
  ["canasta_bonus", "pts"], ["red_threes", "count"], ["red_three_points", "pts"], ["black_threes", "pts"],
  ["going_out", "pts"], ["concealed", "bool"], ["perfect_cut", "pts"], ["special", "pts"], ["table", "pts"],
  ["hand", "pts"], ["incomplete", "pts"], ["stuck", "pts"], ["threes_held", "pts"], ["penalties", "pts"],
  ["base", "sum"], ["count", "sum"], ["all_penalties", "sum"], ["total", "total"],
];
export function breakdown(r, v, table) {
  const head = el("tr", {}, el("th", { scope: "col", text: "" }), ...r.sides.map((_, i) => el("th", { scope: "col", text: sideName(v, i) })));
  const rows = [head];
  for (const [k, kind] of ROWS) {
    const vals = r.sides.map(s => s[k]);
    if (kind !== "sum" && kind !== "total" && vals.every(x => !x)) continue;
    // the American games count every three laid, black ones too (R 1.2, S3 C, K)
    const label = v.threes_laid === "all" && k.startsWith("red_three") ? "row_" + k.slice(4) : "row_" + k;
    rows.push(el("tr", { class: kind === "total" ? "total" : kind === "sum" ? "sum" : "" }, el("th", { scope: "row", text: t(label) }),
      ...vals.map(x => el("td", { text: kind === "bool" ? (x ? t("yes") : t("no")) : num(x ?? 0) }))));
  }
  rows.push(el("tr", { class: "total" }, el("th", { scope: "row", text: t("row_scores_after") }), ...r.scores_after.map(x => el("td", { text: num(x) }))));
  const reason = r.reason === "last_red3" && v.threes_laid === "all" ? "last_three" : r.reason;  // R 1.2, S3 C
  const how = r.out_seat >= 0 ? t("reason_" + reason, { name: seatName(table, r.out_seat) }) : t("reason_" + reason);
  const parts = [el("h2", { text: t("hand_over", { n: r.hand + 1 }) }), el("p", { text: how }), el("table", { class: "score" }, ...rows)];
  if (r.moral_winner >= 0) parts.push(el("p", { text: t("moral_winner", { side: sideName(v, r.moral_winner) }) }));
  return parts;
}

// The game so far: each hand's total per side and the running score (a narrow cell breaks before
// the arrow, never after it).
export function history(v) {
  if (!v.results.length) return [el("p", { class: "note", text: t("no_hands_yet") })];
  const head = el("tr", {}, el("th", { scope: "col", text: t("hand_col") }), ...v.melds.map((_, i) => el("th", { scope: "col", text: sideName(v, i) })));
  return [el("table", { class: "score" }, head, ...v.results.map(r => el("tr", {}, el("th", { scope: "row", text: num(r.hand + 1) }),
    ...r.sides.map((s, i) => el("td", { text: t("score_total_line", { total: `${s.total > 0 ? "+" : ""}${num(s.total)}`, after: num(r.scores_after[i]) }) })))))];
}
