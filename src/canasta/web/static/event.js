// The director's page: the event's rounds (who sits where), each table's totals confirmed by both
// pairs, the standings, and the pairs' guide cards. The server's event model decides all of it.
import { loadMessages, applyMessages, t, num as grouped, has } from "/static/i18n.js";
import { el, remember, secretLink, api as call, houseRules, mmss, here } from "/static/common.js";
import { bracketView, drawLines } from "/static/bracket.js";

await loadMessages();
applyMessages();
const $ = x => document.getElementById(x);
const { id: eventId, token, headers: H } = secretLink();
let ev = null;
// A table's refused entry, kept across redraws (the page refreshes itself) until that table is saved:
// "r1t2" -> { ns, ew, row }, each a sentence shown next to its field.
const fieldErrors = {};
let showErrorOf = null;     // the table whose error to bring into view after the next redraw
const showErr = (box, m) => { $(box).textContent = m || ""; $(box).hidden = !m; };
const api = (path, body) => call(path, H, body);

async function newPage() {
  $("new").hidden = false;
  const presets = await (await fetch("/api/presets")).json();
  for (const p of presets) $("preset").append(el("option", { value: p.name, text: p.title }));
  $("preset").value = "nvso-tournament";
  $("name").value = t("ev_default_name");
  // a knockout has as many rounds as its bracket needs: the number of rounds is not asked
  $("movement").onchange = () => { const ko = $("movement").value === "knockout";
    $("games-box").hidden = ko; $("games-ko").hidden = !ko; $("ko-help").hidden = !ko; };
  // a club night (made from the club's page, "#club=ID&t=TOKEN"): its players are the club's members
  const hash = new URLSearchParams(location.hash.slice(1)), clubId = hash.get("club");
  const clubH = { authorization: `Bearer ${hash.get("t")}`, "content-type": "application/json" };
  if (clubId) {
    try {
      const c = await call(`/api/clubs/${clubId}`, clubH);
      $("for-club").hidden = false;
      $("for-club-line").textContent = t("club_for_event", { club: c.name });
      $("club-members").textContent = t("club_members_list", { names: c.members.map(m => m.name).join(", ") });
      $("name").value = c.name;
    } catch (e) { showErr("nerr", e.message); }
  }
  const create = async (addMissing = false) => {
    const pairs = $("pairs").value.split("\n").map(x => x.trim()).filter(Boolean);
    const overrides = houseRules($("house").value);
    const body = { name: $("name").value, preset: $("preset").value, pairs, games: +$("games").value, game_minutes: +$("minutes").value,
      warning_minutes: +$("warning").value, draw: $("draw").value, on_time: $("on-time").value, movement: $("movement").value, rank_by: $("rank-by").value,
      partnering: $("partnering").value, overrides, ...(clubId ? { add_missing: addMissing } : {}) };
    const r = await fetch(clubId ? `/api/clubs/${clubId}/events` : "/api/events", { method: "POST", headers: clubId ? clubH : { "content-type": "application/json" },
      body: JSON.stringify(body) });
    const j = await r.json();
    if (!r.ok) {
      showErr("nerr", j.error.message);
      if (j.error.code === "not_on_roster") $("nerr").append(" ", el("button", { type: "button", text: t("club_add_and_make"), onclick: () => create(true) }));
      $("nerr").scrollIntoView({ block: "center" });
      return;
    }
    remember({ name: t("ev_remembered", { name: j.event.name }), say: { key: "ev_remembered", data: { name: j.event.name } }, link: j.link });
    location.href = here(j.link);
  };
  $("create").onclick = () => create();
}

function standings() {
  // on a phone each row is laid out as a small card, its numbers labelled (data-label, style.css)
  const [rank, pair, wins, points, mps, played] = ["ev_rank", ev.partnering === "gvr" ? "ev_player" : "ev_pair", "ev_wins",
    "ev_points", "ev_mps", "ev_played"].map(k => t(k));
  const head = el("tr", { class: "head" }, ...[rank, pair, wins, points, mps, played].map(h => el("th", { scope: "col", text: h })));
  const num = x => grouped(Math.round(x * 100) / 100);
  return el("table", { class: "score standings stack" }, head, ...ev.standings.map(s => el("tr", {},
    el("td", { "data-label": rank, text: s.rank === null ? t("ev_still_in") : grouped(s.rank) }), el("th", { scope: "row", "data-label": pair, text: s.pair }),
    el("td", { "data-label": wins, text: num(s.wins) }), el("td", { "data-label": points, text: num(s.points) }),
    el("td", { "data-label": mps, text: num(s.match_points) }), el("td", { "data-label": played, text: grouped(s.played) }))));
}
function roundBox(rnd) {
  const rows = rnd.tables.map(tb => {
    const res = tb.result || {};
    const id = `r${rnd.round}t${tb.table}`;
    const errs = fieldErrors[id] || {};
    const typed = errs.typed || {};
    const ns = el("input", { type: "text", inputmode: "numeric", id: `${id}-ns`, value: typed.ns ?? res.ns ?? "", "aria-label": t("ev_table_pair", { n: tb.table, pair: tb.ns }) });
    const ew = el("input", { type: "text", inputmode: "numeric", id: `${id}-ew`, value: typed.ew ?? res.ew ?? "", "aria-label": t("ev_table_pair", { n: tb.table, pair: tb.ew }) });
    const fieldErr = (which, input) => {
      if (!errs[which]) return null;
      input.setAttribute("aria-invalid", "true"); input.setAttribute("aria-describedby", `${id}-${which}-err`);
      return el("p", { class: "error field-error", id: `${id}-${which}-err`, role: "alert", text: errs[which] });
    };
    const nsOk = el("input", { type: "checkbox", id: `${id}-nsok`, "aria-label": t("ev_agrees", { pair: tb.ns }) }); nsOk.checked = !!res.ns_agrees;
    const ewOk = el("input", { type: "checkbox", id: `${id}-ewok`, "aria-label": t("ev_agrees", { pair: tb.ew }) }); ewOk.checked = !!res.ew_agrees;
    const save = el("button", { id: `${id}-save`, text: t("ev_save"), onclick: async () => {
      // a missing or wrong total is said next to its field, in words, before anything is sent
      const typedNow = { ns: ns.value, ew: ew.value }, found = { typed: typedNow };
      for (const [which, box] of [["ns", ns], ["ew", ew]]) {
        const v = box.value.trim().replaceAll(",", "");
        if (v === "") found[which] = t(`ev_enter_${which}`, { n: tb.table });
        else if (!/^[-+]?\d+$/.test(v)) found[which] = t(`ev_whole_${which}`, { n: tb.table });
      }
      if (found.ns || found.ew) { fieldErrors[id] = found; showErrorOf = id; render(); return; }
      try {
        const seen = tb.result ? { ns: tb.result.ns, ew: tb.result.ew, ns_agrees: tb.result.ns_agrees, ew_agrees: tb.result.ew_agrees } : null;
        ev = await api(`/api/events/${eventId}/results`, { round: rnd.round, table: tb.table, ns: ns.value.trim().replaceAll(",", ""),
          ew: ew.value.trim().replaceAll(",", ""), ns_agrees: nsOk.checked, ew_agrees: ewOk.checked, seen });
        delete fieldErrors[id]; showErr("err", ""); render();
      } catch (e) {
        // the server's refusal in words: a total's next to its field, anything else (a tie in a
        // knockout, a change made on another device) next to the table's save button
        const which = /^score_\w+_(ns|ew)$/.exec(e.code || "")?.[1] || "row";
        fieldErrors[id] = { typed: typedNow, [which]: which === "row" ? t("ev_table_error", { n: tb.table, message: e.message }) : e.message };
        showErrorOf = id; render();
      }
    } });
    return el("tr", { class: res.confirmed ? "confirmed" : "" }, el("th", { scope: "row", "data-label": t("ev_table"), text: grouped(tb.table) }),
      el("td", { "data-label": t("ev_ns") }, el("div", { text: tb.ns }), ns, fieldErr("ns", ns), el("label", { class: "agree" }, nsOk, el("span", { text: t("ev_agreed") }))),
      el("td", { "data-label": t("ev_ew") }, el("div", { text: tb.ew }), ew, fieldErr("ew", ew), el("label", { class: "agree" }, ewOk, el("span", { text: t("ev_agreed") }))),
      el("td", { text: res.confirmed ? (res.by === "online table" ? t("ev_from_online") : t("ev_confirmed")) : res.ns != null ? t("ev_waiting") : tb.online ? (tb.live ? t("ev_playing_live", { hand: tb.live.hand, ns: tb.live.scores[0], ew: tb.live.scores[1] }) : t("ev_playing_online")) : "" }),
      el("td", {}, save, errs.row ? el("p", { class: "error field-error", id: `${id}-row-err`, role: "alert", text: errs.row }) : null,
        tb.online ? seatsBox(rnd.round, tb) : null));
  });
  const head = el("tr", { class: "head" }, ...["ev_table", "ev_ns", "ev_ew", "", ""].map(k => el("th", { scope: "col", text: k ? t(k) : "" })));
  const online = rnd.tables.some(tb => tb.online);
  if (!rnd.tables.length) {   // a knockout round whose games wait for the round before
    return el("section", { class: "round", "aria-label": t("ev_round_n", { n: rnd.round }) },
      el("h2", { text: t("ev_round_n", { n: rnd.round }) + (ev.clock.round === rnd.round ? ` — ${t("ev_now")}` : "") }),
      el("p", { class: "note", text: t("ev_waiting_games", { n: rnd.waiting, prev: rnd.round - 1 }) }));
  }
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
      ...rnd.sit_outs.map(p => el("tr", { class: "sit-out" }, el("th", { scope: "row", text: "—" }), el("td", { colspan: "4", text: t("ev_sits_out", { pair: p }) }))),
      ...(rnd.byes || []).map(p => el("tr", { class: "sit-out" }, el("th", { scope: "row", text: "—" }), el("td", { colspan: "4", text: t("ev_bye", { pair: p, next: rnd.round + 1 }) }))))),
    rnd.waiting ? el("p", { class: "note", text: t("ev_waiting_games", { n: rnd.waiting, prev: rnd.round - 1 }) }) : null);
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
// A line of the tournament (a draw, a partners' note) from its code and data; the cards each pair drew
// ("draws": [pair, card] in the order drawn) said one by one.
const said = x => t(`tournament.${x.code}`, x.data.draws
  ? { ...x.data, draws: x.data.draws.map(([pair, card]) => t("ev_draw_card", { pair, card })).join(", ") } : x.data);
const clockLine = c => t("ev_clock_line", { n: c.round, status: t("clock_" + c.status), left: mmss(c.remaining) });
function render() {
  $("event").hidden = false; $("ev-tools").hidden = false;
  $("clock-link").href = `/event/${eventId}/clock#t=${token}`;
  // a knockout: the bracket (also on a page of its own for the big screen), and the high-card draws
  $("ko").hidden = $("bracket-link").hidden = !ev.knockout;
  if (ev.knockout) {
    $("bracket-link").href = `/event/${eventId}/bracket#t=${token}`;
    $("bracket").replaceChildren(bracketView(ev.knockout));
    $("ko-draws").replaceChildren(...drawLines(ev.knockout, ev.knockout.seed_draws).map(x => el("li", { text: x })));
  }
  $("ev-name").textContent = ev.name;
  const title = has(`preset.${ev.preset}.title`) ? t(`preset.${ev.preset}.title`) : ev.title;
  // the facts, each its own item: the rules, the pairs, the movement, the rounds (a count kept on one line)
  const facts = [[title], [t("ev_facts_pairs", { n: ev.pairs.length }), "fact"], [t(`tournament.movement.${ev.movement_code}`)],
    [t("ev_facts_rounds", { n: ev.options.games, minutes: ev.options.game_minutes }), "fact"]];
  $("ev-facts").replaceChildren(...facts.flatMap(([x, cls], i) => [i ? " · " : "", cls ? el("span", { class: cls, text: x }) : x]));
  // the ranking rule in sentences: each criterion's words in the sentence for their number
  const rule = ev.ranking_rule;
  $("ev-ranking").textContent = [t("ev_agreed_only"),
    t(rule.key, Object.fromEntries(Object.entries(rule.criteria).map(([k, v]) => [k, t(`tournament.criterion.${v}`)]))),
    rule.sit_out ? t(rule.sit_out) : ""].join(" ").trim();
  // the seats' draws, where the decisions come from, the partners' draws (GVR), the clock's rule
  $("ev-draws").replaceChildren(...ev.draw_lines.map(x => el("li", { text: said(x) })),
    ...ev.sources.map(x => el("li", { text: t(`tournament.source.${x}`) })),
    ...ev.partner_notes.map(x => el("li", { text: said(x) })),
    el("li", { text: t("ev_time_rule", { rule: t("ev_time_" + ev.on_time) }) }));
  const c = ev.clock;
  $("ev-clock").textContent = clockLine(c);
  $("standings").replaceChildren(standings());
  $("rounds").replaceChildren(...ev.rounds.map(roundBox));
  $("table-cards").replaceChildren(...Object.entries(ev.table_cards).map(([table, rows]) => el("div", { class: "panel guide" },
    el("h3", { text: t("ev_table_n", { n: table }) }),
    el("ul", {}, ...rows.map(r => el("li", {}, el("span", { text: t("ev_table_line", { n: r.round, ns: r.ns, ew: r.ew }) }),
      r.line ? el("div", { class: "note", text: said(r.line) }) : ""))))));
  // A guide card per pair, or with GVR partnering per player: each game's table, seat and partner.
  const guideLine = g => g.bye ? t("ev_guide_bye", { n: g.round }) : !g.table ? t("ev_guide_out", { n: g.round })
    : g.partner ? t(g.keeper ? "ev_guide_partner_keeper" : "ev_guide_partner_line", { n: g.round, table: g.table, dir: t(`ev_${g.dir}`), partner: g.partner, other: g.opponents })
    : t("ev_guide_line", { n: g.round, table: g.table, dir: t(`ev_${g.dir}`), other: g.opponents });
  $("guides").replaceChildren(...Object.entries(ev.guides).map(([who, lines]) => el("div", { class: "panel guide" }, el("h3", { text: who }),
    el("ul", {}, ...lines.map(g => el("li", { text: guideLine(g) }))))));
  // a refused entry stays in view: the page scrolls to it and puts the cursor in the field to mend
  if (showErrorOf) {
    const id = showErrorOf; showErrorOf = null;
    const first = ["ns", "ew"].find(w => fieldErrors[id]?.[w]);
    const box = $(`${id}-${first || "row"}-err`);
    box?.scrollIntoView({ block: "center" });
    if (first) $(`${id}-${first}`).focus();
  }
}
async function load() {
  try { ev = await api(`/api/events/${eventId}`); render(); } catch (e) { $("event").hidden = false; showErr("err", e.message); }
}
$("print").onclick = () => print();
$("csv").onclick = async () => {
  const r = await fetch(`/api/events/${eventId}/csv?headings=words`, { headers: H });
  Object.assign(document.createElement("a"), { href: URL.createObjectURL(await r.blob()), download: `canasta-event-${eventId}.csv` }).click();
};
if (eventId && token) { await load(); setInterval(async () => {     // the clock line follows the big screen
  if (document.activeElement?.tagName === "INPUT") return;          // never while someone types a score
  try { const fresh = await api(`/api/events/${eventId}`); if (fresh.version !== ev.version) { ev = fresh; render(); } else { ev.clock = fresh.clock; $("ev-clock").textContent = clockLine(fresh.clock); } } catch { /* offline: try again */ }
}, 5000); } else newPage();
