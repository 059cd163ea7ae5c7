// The director's page: the event's rounds (who sits where), each table's totals confirmed by both
// pairs, the standings, and the pairs' guide cards. The server's event model decides all of it.
import { loadMessages, applyMessages, t, num as grouped, has } from "/static/i18n.js";
import { el, remember, secretLink, api as call, houseRules, mmss, here } from "/static/common.js";

await loadMessages();
applyMessages();
const $ = x => document.getElementById(x);
const { id: eventId, token, headers: H } = secretLink();
let ev = null;
const showErr = (box, m) => { $(box).textContent = m || ""; $(box).hidden = !m; };
const api = (path, body) => call(path, H, body);

async function newPage() {
  $("new").hidden = false;
  const presets = await (await fetch("/api/presets")).json();
  for (const p of presets) $("preset").append(el("option", { value: p.name, text: p.title }));
  $("preset").value = "nvso-tournament";
  $("create").onclick = async () => {
    const pairs = $("pairs").value.split("\n").map(x => x.trim()).filter(Boolean);
    const overrides = houseRules($("house").value);
    const r = await fetch("/api/events", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({
      name: $("name").value, preset: $("preset").value, pairs, games: +$("games").value, game_minutes: +$("minutes").value,
      warning_minutes: +$("warning").value, draw: $("draw").value, on_time: $("on-time").value, movement: $("movement").value, rank_by: $("rank-by").value,
      partnering: $("partnering").value, overrides }) });
    const j = await r.json();
    if (!r.ok) { showErr("nerr", j.error.message); return; }
    remember({ name: t("ev_remembered", { name: j.event.name }), link: j.link });
    location.href = here(j.link);
  };
}

function standings() {
  // on a phone each row is laid out as a small card, its numbers labelled (data-label, style.css)
  const [rank, pair, wins, points, mps, played] = ["ev_rank", ev.partnering === "gvr" ? "ev_player" : "ev_pair", "ev_wins",
    "ev_points", "ev_mps", "ev_played"].map(k => t(k));
  const head = el("tr", { class: "head" }, ...[rank, pair, wins, points, mps, played].map(h => el("th", { scope: "col", text: h })));
  const num = x => grouped(Math.round(x * 100) / 100);
  return el("table", { class: "score standings stack" }, head, ...ev.standings.map(s => el("tr", {},
    el("td", { "data-label": rank, text: grouped(s.rank) }), el("th", { scope: "row", "data-label": pair, text: s.pair }),
    el("td", { "data-label": wins, text: num(s.wins) }), el("td", { "data-label": points, text: num(s.points) }),
    el("td", { "data-label": mps, text: num(s.match_points) }), el("td", { "data-label": played, text: grouped(s.played) }))));
}
function roundBox(rnd) {
  const rows = rnd.tables.map(tb => {
    const res = tb.result || {};
    const id = `r${rnd.round}t${tb.table}`;
    const ns = el("input", { type: "number", inputmode: "numeric", id: `${id}-ns`, value: res.ns ?? "", "aria-label": t("ev_table_pair", { n: tb.table, pair: tb.ns }) });
    const ew = el("input", { type: "number", inputmode: "numeric", id: `${id}-ew`, value: res.ew ?? "", "aria-label": t("ev_table_pair", { n: tb.table, pair: tb.ew }) });
    const nsOk = el("input", { type: "checkbox", id: `${id}-nsok`, "aria-label": t("ev_agrees", { pair: tb.ns }) }); nsOk.checked = !!res.ns_agrees;
    const ewOk = el("input", { type: "checkbox", id: `${id}-ewok`, "aria-label": t("ev_agrees", { pair: tb.ew }) }); ewOk.checked = !!res.ew_agrees;
    const save = el("button", { id: `${id}-save`, text: t("ev_save"), onclick: async () => {
      try {
        const seen = tb.result ? { ns: tb.result.ns, ew: tb.result.ew, ns_agrees: tb.result.ns_agrees, ew_agrees: tb.result.ew_agrees } : null;
        ev = await api(`/api/events/${eventId}/results`, { round: rnd.round, table: tb.table, ns: parseInt(ns.value, 10), ew: parseInt(ew.value, 10),
          ns_agrees: nsOk.checked, ew_agrees: ewOk.checked, seen });
        showErr("err", ""); render();
      } catch (e) { showErr("err", t("ev_table_error", { n: tb.table, message: e.message })); }
    } });
    return el("tr", { class: res.confirmed ? "confirmed" : "" }, el("th", { scope: "row", "data-label": t("ev_table"), text: grouped(tb.table) }),
      el("td", { "data-label": t("ev_ns") }, el("div", { text: tb.ns }), ns, el("label", { class: "agree" }, nsOk, el("span", { text: t("ev_agreed") }))),
      el("td", { "data-label": t("ev_ew") }, el("div", { text: tb.ew }), ew, el("label", { class: "agree" }, ewOk, el("span", { text: t("ev_agreed") }))),
      el("td", { text: res.confirmed ? (res.by === "online table" ? t("ev_from_online") : t("ev_confirmed")) : res.ns != null ? t("ev_waiting") : tb.online ? (tb.live ? t("ev_playing_live", { hand: tb.live.hand, ns: tb.live.scores[0], ew: tb.live.scores[1] }) : t("ev_playing_online")) : "" }),
      el("td", {}, save, tb.online ? seatsBox(rnd.round, tb) : null));
  });
  const head = el("tr", { class: "head" }, ...["ev_table", "ev_ns", "ev_ew", "", ""].map(k => el("th", { scope: "col", text: k ? t(k) : "" })));
  const online = rnd.tables.some(tb => tb.online);
  const dup = el("input", { type: "checkbox", id: `dup-${rnd.round}` });
  const tools = online
    ? el("p", { class: "note", text: rnd.duplicate ? t("ev_online_dup") : t("ev_online") })
    : el("div", { class: "row" }, el("button", { id: `online-${rnd.round}`, text: t("ev_play_online"), onclick: async () => {
        try {
          const made = await api(`/api/events/${eventId}/rounds/${rnd.round}/online`, { duplicate: dup.checked });
          ev = made.event; render();
          $("links").replaceChildren(el("h2", { text: t("ev_links", { n: rnd.round }) }), ...made.tables.map(tb => el("div", { class: "panel" },
            el("h3", { text: t("ev_table_n", { n: tb.table }) }),
            ...Object.entries(tb.seats).map(([seat, link]) => el("p", { class: "links" }, el("span", { text: t("seat_n", { n: +seat + 1 }) }),
              el("input", { value: link, readonly: "", "aria-label": t("ev_table_seat", { table: tb.table, n: +seat + 1 }) }))))));
          $("links").hidden = false; $("links").scrollIntoView();
        } catch (e) { showErr("err", e.message); }
      } }), ev.partnering === "gvr" ? "" : el("label", { class: "agree" }, dup, el("span", { text: t("ev_duplicate") })));
  return el("section", { class: "round", "aria-label": t("ev_round_n", { n: rnd.round }) },
    el("h2", { text: ev.clock.round === rnd.round ? t("round_now", { n: rnd.round }) : t("ev_round_n", { n: rnd.round }) }), tools,
    el("div", { class: "scroll" }, el("table", { class: "score results stack" }, head, ...rows,
      ...rnd.sit_outs.map(p => el("tr", { class: "sit-out" }, el("th", { scope: "row", text: "—" }), el("td", { colspan: "4", text: t("ev_sits_out", { pair: p }) }))))));
}
// The seats of an online table: a bot for a player who is missing, or a new link for a person.
function seatsBox(round, tb) {
  const out = el("p", { class: "links" });
  const names = [tb.ns, tb.ew, tb.ns, tb.ew];
  return el("details", {}, el("summary", { text: t("ev_online_seats") }),
    ...[0, 1, 2, 3].map(seat => el("div", { class: "row" }, el("span", { text: t("ev_seat_pair", { n: seat + 1, pair: names[seat] }) }),
      el("button", { text: t("ev_seat_bot"), onclick: async () => { try { await api(`/api/events/${eventId}/rounds/${round}/tables/${tb.table}/seats/${seat}`, { kind: "bot" }); out.textContent = t("ev_seat_is_bot", { n: seat + 1 }); } catch (e) { showErr("err", e.message); } } }),
      el("button", { text: t("ev_seat_link"), onclick: async () => { try { const j = await api(`/api/events/${eventId}/rounds/${round}/tables/${tb.table}/seats/${seat}`, { kind: "person" });
        out.replaceChildren(el("input", { value: j.link, readonly: "", "aria-label": t("seat_n", { n: seat + 1 }) })); } catch (e) { showErr("err", e.message); } } }))), out);
}
const clockLine = c => t("ev_clock_line", { n: c.round, status: t("clock_" + c.status), left: mmss(c.remaining) });
function render() {
  $("event").hidden = false; $("ev-tools").hidden = false;
  $("clock-link").href = `/event/${eventId}/clock#t=${token}`;
  $("ev-name").textContent = ev.name;
  const title = has(`preset.${ev.preset}.title`) ? t(`preset.${ev.preset}.title`) : ev.title;
  $("ev-facts").textContent = t("ev_facts", { preset: title, pairs: ev.pairs.length, games: ev.options.games, minutes: ev.options.game_minutes, movement: ev.movement });
  $("ev-ranking").textContent = t("ev_ranking", { how: ev.ranking });
  // the tournament module's own sentences (movement, ranking, draws, partners, notes) are English
  // still: marked so that the languages' tests list them (issue 37's follow-up)
  for (const id of ["ev-facts", "ev-ranking", "ev-draws"]) $(id).dataset.untranslated = "tournament";
  $("ev-draws").replaceChildren(...ev.draws.map(d => el("li", { text: d })), ev.draw_source ? el("li", { text: ev.draw_source }) : "",
    ...ev.partner_lines.map(d => el("li", { text: d })), ev.partnering === "gvr" ? el("li", { text: ev.movement_source }) : "",
    el("li", { text: t("ev_time_rule", { rule: t("ev_time_" + ev.on_time) }) }));
  const c = ev.clock;
  $("ev-clock").textContent = clockLine(c);
  $("standings").replaceChildren(standings());
  $("rounds").replaceChildren(...ev.rounds.map(roundBox));
  $("table-cards").replaceChildren(...Object.entries(ev.table_cards).map(([table, rows]) => el("div", { class: "panel guide" },
    el("h3", { text: t("ev_table_n", { n: table }) }),
    el("ul", {}, ...rows.map(r => el("li", {}, el("span", { text: t("ev_table_line", { n: r.round, ns: r.ns, ew: r.ew }) }),
      r.note ? el("div", { class: "note", text: r.note, "data-untranslated": "tournament" }) : ""))))));
  // A guide card per pair, or with GVR partnering per player: each game's table, seat and partner.
  const guideLine = g => !g.table ? t("ev_guide_out", { n: g.round })
    : g.partner ? t(g.keeper ? "ev_guide_partner_keeper" : "ev_guide_partner_line", { n: g.round, table: g.table, dir: g.direction, partner: g.partner, other: g.opponents })
    : t("ev_guide_line", { n: g.round, table: g.table, dir: g.direction, other: g.opponents });
  $("guides").replaceChildren(...Object.entries(ev.guides).map(([who, lines]) => el("div", { class: "panel guide" }, el("h3", { text: who }),
    el("ul", {}, ...lines.map(g => el("li", { text: guideLine(g), ...(g.table ? { "data-untranslated": "tournament" } : {}) }))))));
}
async function load() {
  try { ev = await api(`/api/events/${eventId}`); render(); } catch (e) { $("event").hidden = false; showErr("err", e.message); }
}
$("print").onclick = () => print();
$("csv").onclick = async () => {
  const r = await fetch(`/api/events/${eventId}/csv`, { headers: H });
  Object.assign(document.createElement("a"), { href: URL.createObjectURL(await r.blob()), download: `canasta-event-${eventId}.csv` }).click();
};
if (eventId && token) { await load(); setInterval(async () => {     // the clock line follows the big screen
  if (document.activeElement?.tagName === "INPUT") return;          // never while someone types a score
  try { const fresh = await api(`/api/events/${eventId}`); if (fresh.version !== ev.version) { ev = fresh; render(); } else { ev.clock = fresh.clock; $("ev-clock").textContent = clockLine(fresh.clock); } } catch { /* offline: try again */ }
}, 5000); } else newPage();
