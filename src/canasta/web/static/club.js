// The club's page: the season table, the club nights (events made for the club) and keeping their
// results, the read-only results link, the roster and the season's settings. The server's season model
// decides every figure; the page sends what the secretary does and shows what comes back.
import { loadMessages, applyMessages, t, has } from "/static/i18n.js";
import { el, remember, secretLink, api as call, here } from "/static/common.js";
import { seasonTable, ruleText } from "/static/season.js";

await loadMessages();
applyMessages();
const $ = x => document.getElementById(x);
const { id: clubId, token, headers: H } = secretLink();
let club = null;
const showErr = (box, m) => { $(box).textContent = m || ""; $(box).hidden = !m; };
const api = (path, body) => call(path, H, body);
const today = () => new Date().toISOString().slice(0, 10);

// ---------------------------------------------------------------- a new club
function newPage() {
  $("new").hidden = false;
  $("rank-by").onchange = () => { $("best-box").hidden = $("rank-by").value !== "best"; };
  $("create").onclick = async () => {
    const members = $("members").value.split("\n").map(x => x.trim()).filter(Boolean);
    const r = await fetch("/api/clubs", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({
      name: $("name").value.trim(), season: $("season").value.trim(), members, rank_by: $("rank-by").value, best: +$("best").value || 4 }) });
    const j = await r.json();
    if (!r.ok) { showErr("nerr", j.error.message); return; }
    remember({ name: t("club_remembered", { name: j.club.name }), say: { key: "club_remembered", data: { name: j.club.name } }, link: j.link });
    location.href = here(j.link);
  };
}

// ---------------------------------------------------------------- the club
function nightItem(e) {
  const date = el("input", { type: "date", value: e.date || today(), "aria-label": `${e.name}: ${t("club_date")}` });
  const err = el("p", { class: "error", role: "alert", hidden: "" });
  const keep = async (addMissing = false) => {
    try {
      club = await api(`/api/clubs/${clubId}/nights`, { event_id: e.event_id, date: date.value, add_missing: addMissing });
      render();
    } catch (x) {
      err.hidden = false;
      err.replaceChildren(el("span", { text: x.message }),
        x.code === "not_on_roster" ? el("button", { type: "button", text: t("club_add_and_keep"), onclick: () => keep(true) }) : null);
    }
  };
  return el("li", { class: "panel" },
    el("p", {}, el("strong", { text: t("club_night_line", { name: e.name, title: has(`preset.${e.preset}.title`) ? t(`preset.${e.preset}.title`) : e.title,
      pairs: e.pairs, n: e.confirmed }) })),
    e.night ? el("p", { class: "note", text: t("club_night_kept", { n: e.night }) }) : null,
    el("div", { class: "row" }, el("label", {}, el("span", { text: t("club_date") }), date),
      el("button", { type: "button", class: e.night ? "" : "primary", text: e.night ? t("club_keep_again") : t("club_keep"), onclick: () => keep() })),
    err);
}
function memberItem(m) {
  const name = el("input", { value: m.name, maxlength: "40", "aria-label": m.name });
  const err = el("p", { class: "error", role: "alert", hidden: "" });
  const save = async () => {
    try { club = await api(`/api/clubs/${clubId}/members/${m.id}`, { name: name.value.trim(), version: club.version }); render(); }
    catch (x) { err.textContent = x.message; err.hidden = false; }
  };
  return el("li", {}, el("div", { class: "row" }, name, el("button", { type: "button", text: t("club_rename"), onclick: save })), err);
}
function render() {
  $("club").hidden = false; $("club-tools").hidden = false; $("new").hidden = true;
  $("club-name").textContent = club.season ? t("results_season", { club: club.name, season: club.season }) : club.name;
  document.title = t("club_page_title", { name: club.name });
  $("table").replaceChildren(club.table.length ? seasonTable(club) : el("p", { class: "note", text: t("club_no_nights") }));
  $("rule").textContent = ruleText(club);
  $("new-night").href = `/event#club=${clubId}&t=${token}`;
  $("events").replaceChildren(...(club.events.length ? club.events.map(nightItem) : [el("li", { class: "note", text: t("club_no_events") })]));
  $("results-link").value = club.links.results; $("open-results").href = here(club.links.results);
  $("roster").replaceChildren(...club.members.map(memberItem));
  $("set-season").value = club.season; $("set-rank-by").value = club.rule.rank_by; $("set-best").value = club.rule.best;
  // how many nights count is asked only where the season counts a member's best nights
  const bestShown = () => { $("set-best-box").hidden = $("set-rank-by").value !== "best"; };
  $("set-rank-by").onchange = bestShown; bestShown();
}
async function load() {
  try { club = await api(`/api/clubs/${clubId}`); render(); } catch (e) { $("club").hidden = false; showErr("err", e.message); }
}
$("add-member").onclick = async () => {
  try { club = await api(`/api/clubs/${clubId}/members`, { name: $("new-member").value.trim(), version: club.version }); $("new-member").value = ""; showErr("err", ""); render(); }
  catch (e) { showErr("err", e.message); $("err").scrollIntoView({ block: "center" }); }
};
$("save-settings").onclick = async () => {
  try { club = await api(`/api/clubs/${clubId}/season`, { season: $("set-season").value, rank_by: $("set-rank-by").value, best: +$("set-best").value || 1, version: club.version }); showErr("err", ""); render(); }
  catch (e) { showErr("err", e.message); $("err").scrollIntoView({ block: "center" }); }
};
$("copy-results").onclick = async () => { await navigator.clipboard?.writeText($("results-link").value); $("copy-results").textContent = t("copied"); };
$("print").onclick = () => print();
$("csv").onclick = async () => {
  const r = await fetch(`/api/results/${clubId}/csv`, { headers: H });
  Object.assign(document.createElement("a"), { href: URL.createObjectURL(await r.blob()), download: `canasta-season-${clubId}.csv` }).click();
};
if (clubId && token) load(); else newPage();
