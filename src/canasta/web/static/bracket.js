// A knockout's bracket (the event's "knockout" view from the server): one column per round, each game
// with its two pairs (seed, or the game whose winner comes there), its table, the totals once entered
// and the winner. Shared by the director's page and the big-screen page; the server decides it all.
import { t, cardText, num } from "/static/i18n.js";
import { el } from "/static/common.js";

export function roundName(k, r) {
  const last = k.rounds.length;
  if (r === last) return t("bracket_final");
  if (r === last - 1) return t("bracket_semis");
  if (r === last - 2) return t("bracket_quarters");
  return t("bracket_round_n", { n: r });
}
function slotLine(k, g, slot, side) {
  const won = g.winner && slot.pair === g.winner;
  const out = g.winner && slot.pair && slot.pair !== g.winner;
  const name = slot.pair ?? (slot.from ? t("ev_winner_of", { round: slot.from[0], table: k.rounds[slot.from[0] - 1][slot.from[1]].table })
    : t("bracket_bye"));
  const score = g.result && slot.pair ? (slot.pair === g.ns ? g.result.ns : g.result.ew) : null;
  return el("div", { class: `slot ${side}${won ? " won" : ""}${out ? " out" : ""}${slot.pair ? "" : " tbd"}` },
    slot.seed ? el("span", { class: "seed", "aria-label": t("ev_seed_label", { n: slot.seed }), text: t("ev_seed", { n: slot.seed }) }) : el("span", { class: "seed" }),
    el("span", { class: "pair", text: name }), score !== null ? el("span", { class: "total", text: num(score) }) : null);
}
export function bracketView(k) {
  const cols = k.rounds.map((games, i) => el("section", { class: "ko-round", "aria-label": roundName(k, i + 1) },
    el("h3", { text: roundName(k, i + 1) }),
    ...games.map(g => el("div", { class: `ko-game${g.bye ? " bye" : ""}${g.winner ? " decided" : ""}` },
      el("div", { class: "ko-table", text: g.bye ? t("bracket_bye") : t("bracket_table", { n: g.table }) }),
      slotLine(k, g, g.upper, "upper"), g.bye ? null : slotLine(k, g, g.lower, "lower")))));
  const champion = k.champion ? el("p", { class: "ko-champion", text: t("ev_champion", { pair: k.champion }) }) : null;
  return el("div", { class: "ko" }, champion, el("div", { class: "ko-bracket" }, ...cols));
}
// The high-card draws in words: the seeding (every pair's card) and, per game, who sits North-South.
export function drawLines(k, seedDraws) {
  const lines = [];
  if (seedDraws?.length) lines.push(t("ev_seeding_draw", { cards: seedDraws.map(([pair, card]) => t("ev_draw_card", { pair, card: cardText(card) })).join(", ") }));
  for (const games of k.rounds) for (const g of games) if (g.draw?.length)
    lines.push(t("ev_table_draw", { round: g.round, table: g.table, pair: g.ns,
      cards: g.draw.map(([pair, card]) => t("ev_draw_card", { pair, card: cardText(card) })).join(", ") }));
  return lines;
}
