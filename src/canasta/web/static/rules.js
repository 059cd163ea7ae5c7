// The printable rules card of a preset: each rule as a sentence (what it means and its value in
// words), grouped, with where it comes from. The option names house rules are typed with are shown
// on request ("Show the names for house rules").
import { loadMessages, applyMessages, t, num } from "/static/i18n.js";
import { el } from "/static/common.js";

await loadMessages();
applyMessages();
document.getElementById("print").onclick = () => print();
const preset = location.pathname.split("/")[2];
// opened from a table ("?table=ID#t=TOKEN"): that table's rules, its house rules marked; else the
// rule set as its preset makes it
const tableId = new URLSearchParams(location.search).get("table");
const token = new URLSearchParams(location.hash.slice(1)).get("t");
const r = tableId && token
  ? await fetch(`/api/tables/${encodeURIComponent(tableId)}/rules`, { headers: { authorization: `Bearer ${token}` } })
  : await fetch(`/api/presets/${encodeURIComponent(preset)}`);
const card = await r.json();
const rankWord = n => t("rank_word_" + n) === "rank_word_" + n ? String(n) : t("rank_word_" + n);
const has = key => t(key) !== key;
const number = n => (n <= -1e8 ? t("rules_any_score") : num(n));
const listOf = xs => (xs.length ? xs.join(", ") : t("rules_none"));
// the opening minimum by score: the first step holds for any score below the second ("15 below a
// score of 0"), each next one from its score on
const minimums = v => listOf(v.map(([from, min], i) => (from <= -1e8
  ? (i + 1 < v.length ? t("rules_min_below", { min, upto: num(v[i + 1][0]) }) : num(min))
  : t("rules_min_from", { min, from: number(from) }))));
// A value in words: by the option where a bare list would mean nothing to a player, else by its type.
const WORDS = {
  opening_minimums: minimums,
  opening_by_hand: v => listOf(v.map((min, i) => t("rules_hand_min", { n: i + 1, min }))),
  sequences: v => listOf(v.map(([lo, hi]) => t("rules_window", { lo: rankWord(lo), hi: rankWord(hi) }))),
  // {rank} is a rank by its key's name: the page names it in the reader's language
  rank_canasta_bonus: v => listOf(v.map(([rank, n]) => t("rules_rank_points", { rank, n }))),
  rank_incomplete_penalty: v => listOf(v.map(([rank, n]) => t("rules_rank_points", { rank, n }))),
  red3_values: v => listOf(v.map((points, n) => t("rules_threes_points", { n, points: num(points) })).slice(1)),
  talon: v => listOf(v.map((n, i) => (has(`rules_talon_${i + 1}`) ? t(`rules_talon_${i + 1}`, { n }) : t("rules_talon", { k: i + 1, n })))),
  wild_canasta_by_jokers: v => listOf(v.map((points, n) => t("rules_jokers_count_points", { n, points: num(points) }))),
  wild_incomplete_by_jokers: v => listOf(v.map((points, n) => t("rules_jokers_count_points", { n, points: num(points) }))),
  no_wild_ranks: v => listOf(v.map(rankWord)), opening_wild_ranks: v => listOf(v.map(rankWord)), stuck_ranks: v => listOf(v.map(rankWord)),
};
// a value's words for this option first ("rule_upcard__none": "no"), then the shared ones
const word = (name, x) => (has(`rule_${name}__${x}`) ? t(`rule_${name}__${x}`) : has("rules_word_" + x) ? t("rules_word_" + x) : null);
function valueWords(o) {
  const v = o.value;
  if (WORDS[o.name] && Array.isArray(v)) return WORDS[o.name](v);
  if (typeof v === "boolean") return t(v ? "yes" : "no");
  if (Array.isArray(v)) return listOf(v.map(x => word(o.name, x) ?? String(x)));
  if (typeof v === "number") return word(o.name, v) ?? number(v);
  return word(o.name, v) ?? String(v).replaceAll("_", " ");
}
// the rule in a player's words (the page catalogue's "rule_<option>"), else the option's meaning
const meaning = o => (has("rule_" + o.name) ? t("rule_" + o.name) : o.meaning.charAt(0).toUpperCase() + o.meaning.slice(1));
const sentence = o => t("rules_sentence", { meaning: meaning(o), value: valueWords(o) });
if (!r.ok) document.getElementById("name").textContent = card.error.message;
else {
  document.getElementById("name").textContent = t("rules_heading", { name: card.title || card.name, n: card.players });
  document.title = t("rules_page_title", { name: card.title || card.name });
  document.getElementById("desc").textContent = t("preset_about_" + card.name) === "preset_about_" + card.name ? card.description : t("preset_about_" + card.name);
  const houses = card.options.filter(o => o.house).length;
  if (houses) document.getElementById("desc").after(el("p", { class: "house-count", id: "house-count", text: t("rules_house_count", { n: houses }) }));
  const names = document.getElementById("show-names");
  names.onchange = () => document.body.classList.toggle("show-names", names.checked);
  const groups = new Map();
  for (const o of card.options) { if (!groups.has(o.group)) groups.set(o.group, []); groups.get(o.group).push(o); }
  const group = g => (t("group_" + g) === "group_" + g ? g : t("group_" + g));
  document.getElementById("groups").replaceChildren(...[...groups].map(([g, opts]) => el("div", {},
    el("h3", { text: group(g) }),
    el("ul", { class: "rules-list" }, ...opts.map(o => el("li", { class: o.house ? "rule house" : "rule", "data-option": o.name },
      el("p", { class: "rules-sentence", text: sentence(o) }),
      // where it comes from quotes the rule sheet (written in English) or names our ruling; the
      // option's name and value are what a house rule types: both as they are (data-verbatim)
      o.house ? el("p", { class: "note source house-note", text: t("rules_house_of_table") })
        : el("p", { class: "note source", text: t("rules_from", { source: o.source }), "data-verbatim": "quote" }),
      el("p", { class: "note option-name", text: t("rules_house_name", { name: `${o.name}=${JSON.stringify(o.value)}` }), "data-verbatim": "typed" })))))));
}
