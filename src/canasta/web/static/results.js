// The read-only results a club links to: the season's table and its nights, or one night's standings
// and every table's result. The link's key (after "#k=") opens these and nothing else.
import { loadMessages, applyMessages, t, num as grouped, has } from "/static/i18n.js";
import { el } from "/static/common.js";
import { seasonTable, ruleText } from "/static/season.js";

await loadMessages();
applyMessages();
const $ = x => document.getElementById(x);
const [, , clubId, part, n] = location.pathname.split("/");
const key = new URLSearchParams(location.hash.slice(1)).get("k") || "";
const H = { authorization: `Bearer ${key}` };
const num = x => grouped(Math.round(x * 100) / 100);
const csvPath = part === "night" ? `/api/results/${clubId}/nights/${n}/csv` : `/api/results/${clubId}/csv`;

async function get(path) {
  const r = await fetch(path, { headers: H }); const j = await r.json();
  if (!r.ok) throw new Error(j.error.message);
  return j;
}
function table(heads, rows, cls) {
  return el("table", { class: `score ${cls} stack` }, el("tr", { class: "head" }, ...heads.map(h => el("th", { scope: "col", text: t(h) }))),
    ...rows.map(cells => el("tr", {}, ...cells.map(([h, v], i) => el(i === 1 ? "th" : "td", { ...(i === 1 ? { scope: "row" } : {}), "data-label": t(h), text: v })))));
}
function season(v) {
  const title = v.season ? t("results_season", { club: v.name, season: v.season }) : v.name;
  $("heading").textContent = $("title").textContent = title;
  document.title = t("results_page_title", { name: title });
  $("season").hidden = false; $("nights-box").hidden = false;
  $("table").replaceChildren(v.table.length ? seasonTable(v) : el("p", { class: "note", text: t("club_no_nights") }));
  $("rule").textContent = ruleText(v);
  $("nights").replaceChildren(...v.nights.map(x => el("li", {}, el("a", { href: `/results/${clubId}/night/${x.n}#k=${key}`,
    text: t("results_night_line", { n: x.n, date: x.date, name: x.name, pairs: x.pairs }) }))));
}
function night(v) {
  $("heading").textContent = v.season ? t("results_season", { club: v.club, season: v.season }) : v.club;
  $("title").textContent = t("results_night", { n: v.n, name: v.name });
  $("facts").textContent = t("results_night_facts", { date: v.date, title: has(`preset.${v.preset}.title`) ? t(`preset.${v.preset}.title`) : v.title });
  document.title = t("results_page_title", { name: v.name });
  $("back").hidden = false; $("back").href = `/results/${clubId}#k=${key}`;
  $("night").hidden = false; $("tables-box").hidden = !v.tables.length;
  $("pairs").replaceChildren(table(["club_place", "results_pair", "results_mps", "results_points", "results_wins", "results_games"],
    v.rows.map(r => [["club_place", r.place === null ? t("ev_still_in") : num(r.place)], ["results_pair", r.pair],
      ["results_mps", num(r.match_points)], ["results_points", num(r.points)], ["results_wins", num(r.wins)], ["results_games", num(r.played)]]), "night-table"));
  $("tables").replaceChildren(table(["results_round", "results_table", "results_ns", "results_ew", "results_ns_total", "results_ew_total"],
    v.tables.map(x => [["results_round", num(x.round)], ["results_table", num(x.table)], ["results_ns", x.ns], ["results_ew", x.ew],
      ["results_ns_total", num(x.ns_total)], ["results_ew_total", num(x.ew_total)]]), "night-tables"));
}
try {
  if (part === "night") night(await get(`/api/results/${clubId}/nights/${n}`));
  else season(await get(`/api/results/${clubId}`));
  $("print-club").textContent = $("heading").textContent;   // the header is not printed
} catch (e) { $("err").textContent = e.message; $("err").hidden = false; }
$("print").onclick = () => print();
$("csv").onclick = async () => {
  const r = await fetch(csvPath, { headers: H });
  Object.assign(document.createElement("a"), { href: URL.createObjectURL(await r.blob()), download: csvPath.split("/").slice(-2).join("-") }).click();
};
