// The season's table, shared by the club's page and the read-only results page: place, member, nights
// played, each night's match points, and the total, best N and average (the one the club ranks by in
// bold). The server works out every figure; the page only lays them out.
import { t, num as grouped, day } from "/static/i18n.js";
import { el } from "/static/common.js";

const num = x => grouped(Math.round(x * 100) / 100);
export function seasonTable(v) {
  const by = v.rule.rank_by;
  const heads = [["club_place"], ["club_member"], ["club_nights_n"], ...v.nights.map(n => [null, day(n.date)]),
    ["club_total"], ["club_best", { n: v.rule.best }], ["club_average"]];
  const label = ([k, args]) => (k ? t(k, args) : args);
  const head = el("tr", { class: "head" }, ...heads.map(h => el("th", { scope: "col", text: label(h) })));
  const rows = v.table.map(r => el("tr", {},
    el("td", { "data-label": t("club_place"), text: grouped(r.place) }),
    el("th", { scope: "row", "data-label": t("club_member"), text: r.name }),
    el("td", { "data-label": t("club_nights_n"), text: grouped(r.nights) }),
    ...r.scores.map((s, i) => el("td", { class: "night", "data-label": day(v.nights[i].date), text: s === null ? t("club_absent") : num(s) })),
    ...[["total", "club_total"], ["best", "club_best"], ["average", "club_average"]].map(([k, h]) =>
      el("td", { class: k === by ? "strong" : "", "data-label": t(h, { n: v.rule.best }), text: num(r[k]) }))));
  return el("table", { class: "score season-table stack" }, head, ...rows);
}
export const ruleText = v => t("club_rule_" + v.rule.rank_by, { n: v.rule.best });
