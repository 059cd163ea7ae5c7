// The score keeper: a paper game's sheet. The page sends what the table wrote down and shows what
// the engine scored (the same scoring as an online hand); it does no arithmetic of its own.
import { loadMessages, applyMessages, t, num, has, moment } from "/static/i18n.js";
import { el, remember, secretLink, api as call, houseRules, here } from "/static/common.js";

await loadMessages();
applyMessages();
const $ = x => document.getElementById(x);
const { id: sheetId, token, headers: H } = secretLink();
let sheet = null, editing = null;     // editing: the hand number being corrected, or null
$("who").value = localStorage.getItem("canasta.who") || "";

const showErr = (box, m) => { $(box).textContent = m || ""; $(box).hidden = !m; };
const api = (path, body) => call(path, H, body);

// ---------------------------------------------------------------- a new sheet
async function newSheetPage() {
  $("new").hidden = false;
  const presets = await (await fetch("/api/presets")).json(), sel = $("preset");
  for (const p of presets) sel.append(el("option", { value: p.name, text: p.title }));
  sel.value = "classic";
  const desc = () => { const p = presets.find(x => x.name === sel.value); $("desc").textContent = p.description; $("card-link").href = `/rules/${p.name}`; };
  sel.onchange = desc; desc();
  // the sides' names as a paper sheet heads them ("We", "They"), in the reader's language
  const named = i => $(`name${i}`).value.trim() || t(i ? "score_they" : "score_we");
  [0, 1].forEach(i => { $(`name${i}`).value = t(i ? "score_they" : "score_we"); });
  // a game going on from another sheet: the totals carried in, labelled with the sides' names as typed
  const carryLabels = () => [0, 1].forEach(i => { $(`carry${i}-label`).textContent = t("score_carried", { name: named(i) }); });
  [0, 1].forEach(i => { $(`name${i}`).oninput = carryLabels; });
  carryLabels();
  $("start").onclick = async () => {
    const overrides = houseRules($("house").value);
    const carrying = $("carry").open && [0, 1].some(i => $(`carry${i}`).value.trim() !== "") || +$("first-hand").value > 1;
    const carry = carrying ? { carried: [0, 1].map(i => $(`carry${i}`).value.trim() || "0"), first_hand: $("first-hand").value.trim() } : {};
    const r = await fetch("/api/sheets", { method: "POST", headers: { "content-type": "application/json" },
      body: JSON.stringify({ preset: sel.value, overrides, names: [named(0), named(1)], ...carry }) });
    const j = await r.json();
    if (!r.ok) { showErr("nerr", j.error.message); return; }
    remember({ name: t("score_remembered", { names: j.sheet.names.join(" – "), title: sheetTitle(j.sheet) }),
      say: { key: "score_remembered", data: { names: j.sheet.names.join(" – ") }, preset: j.sheet.preset, title: j.sheet.title }, link: j.link });
    location.href = here(j.link);
  };
}

// ---------------------------------------------------------------- the sheet
// the rule set's name and a line's words in the reader's language (the server's English where the
// catalogue has no such key: a line added since)
const sheetTitle = sh => (has(`preset.${sh.preset}.title`) ? t(`preset.${sh.preset}.title`) : sh.title);
const said = (key, data, english) => (key && has(key) ? t(key, data || {}) : english);
function input(f, side, value) {
  const id = `f-${side}-${f.name}`;
  const label = said(f.key, f.data, f.label), help = said(f.help_key, f.data, f.help);
  f = { ...f, help };
  if (f.kind === "yes_no") {
    const box = el("input", { type: "checkbox", id, "data-name": f.name });
    box.checked = !!value;
    return el("label", { class: "line yes-no", for: id }, box, el("span", { text: label }), help ? el("small", { class: "note", text: help }) : null);
  }
  const n = el("input", { type: "number", id, min: "0", step: f.kind === "points" ? "5" : "1", inputmode: "numeric", "data-name": f.name, value: value ? String(value) : "" });
  n.placeholder = "0";
  const parts = [el("label", { for: id }, el("span", { text: label }), f.help ? el("small", { class: "note", text: t("line_help", { help: f.help }) }) : null)];
  if (f.kind === "count") {
    const bump = d => () => { n.value = String(Math.max(0, (+n.value || 0) + d)); };
    parts.push(el("div", { class: "stepper" }, el("button", { type: "button", text: "−", "aria-label": t("line_less", { line: label }), onclick: bump(-1) }), n,
      el("button", { type: "button", text: "+", "aria-label": t("line_more", { line: label }), onclick: bump(1) })));
  } else parts.push(n);
  return el("div", { class: "line" }, ...parts);
}
// The lines most hands need first; the rest (special canastas, penalties ...) behind "more lines",
// open when a hand being corrected has something there.
function entryForm(values) {
  $("sides-entry").replaceChildren(...sheet.names.map((name, side) => {
    const common = sheet.fields.filter(f => f.common), rare = sheet.fields.filter(f => !f.common);
    const more = el("details", { class: "more" }, el("summary", { text: t("score_more_lines", { n: rare.length }) }),
      ...rare.map(f => input(f, side, values?.[side]?.[f.name])));
    if (rare.some(f => values?.[side]?.[f.name])) more.open = true;
    return el("fieldset", { class: "panel" }, el("legend", { text: name }),
      ...common.map(f => input(f, side, values?.[side]?.[f.name])), rare.length ? more : null);
  }));
}
function readForm() {
  return sheet.names.map((_, side) => {
    const e = {};
    for (const f of sheet.fields) {
      const x = $(`f-${side}-${f.name}`);
      if (f.kind === "yes_no") { if (x.checked) e[f.name] = true; }
      else if (x.value.trim() !== "") e[f.name] = x.value.trim();
    }
    return e;
  });
}
const plus = n => (n > 0 ? `+${num(n)}` : num(n));
function render() {
  $("sheet").hidden = false; $("sheet-tools").hidden = false;
  $("sheet-name").textContent = t("table_title", { name: sheet.names.join(" – "), title: sheetTitle(sheet) });
  $("totals").replaceChildren(...sheet.names.map((name, i) => el("div", { class: `panel total${sheet.winner === i ? " won" : ""}` },
    el("h3", { text: name }), el("p", { class: "big", text: num(sheet.scores[i]) }),
    el("p", { class: "note", text: t("score_next_min", { n: sheet.minimums[i] }) }))));
  $("over").hidden = sheet.winner < 0;
  if (sheet.winner >= 0) $("over").textContent = t("score_won", { name: sheet.names[sheet.winner] });
  if (sheet.moral_winner >= 0) { $("over").hidden = false; $("over").textContent = t("score_moral", { name: sheet.names[sheet.moral_winner] }); }
  $("entry").hidden = sheet.winner >= 0 && editing === null;
  const editedHand = editing === null ? null : sheet.hands.find(h => h.n === editing);
  $("entry-title").textContent = editing === null ? t("score_enter", { n: sheet.first_hand + sheet.hands.length }) : t("score_correct", { n: editing });
  $("save").textContent = editing === null ? t("score_add") : t("score_save_fix");
  $("cancel").hidden = editing === null;
  entryForm(editedHand ? editedHand.entries : null);
  // every hand in S3 K's columns, with the lines behind them
  // on a phone each side's line is laid out as a small card, its numbers labelled (data-label, style.css)
  const cols = ["row_base", "row_count", "row_all_penalties", "row_total", "score_running"];
  const head = el("tr", { class: "head" }, el("th", { scope: "col", text: t("hand_col") }), el("th", { scope: "col", text: "" }),
    ...cols.map(k => el("th", { scope: "col", text: t(k) })));
  const rows = [head];
  // a sheet going on from another: the totals carried in, before its first hand
  if (sheet.carried) sheet.carried.forEach((total, i) => rows.push(el("tr", { class: `carried${i === sheet.carried.length - 1 ? " hand-end" : ""}` },
    i === 0 ? el("th", { scope: "row", class: "hand-n", rowspan: String(sheet.carried.length) }, el("span", { text: t("score_carried_row") })) : null,
    el("th", { scope: "row", class: "side-name", text: sheet.names[i] }), el("td", { colspan: "4", class: "note", text: "" }),
    el("td", { class: "strong", "data-label": t(cols[4]), text: num(total) }))));
  for (const h of sheet.hands) {
    h.sides.forEach((s, i) => {
      const fix = i === 0 ? el("button", { type: "button", class: "small-btn", text: t("score_fix"), onclick: () => { editing = h.n; render(); $("entry").scrollIntoView(); } }) : null;
      rows.push(el("tr", { class: i === h.sides.length - 1 ? "hand-end" : "" },
        i === 0 ? el("th", { scope: "row", class: "hand-n", rowspan: String(h.sides.length) }, el("span", { "data-label": t("hand_col"), text: num(h.n) }), fix) : null,
        el("th", { scope: "row", class: "side-name", text: sheet.names[i] }),
        ...[s.base, s.count, s.all_penalties].map((x, k) => el("td", { "data-label": t(cols[k]), text: num(x) })),
        el("td", { class: "strong", "data-label": t(cols[3]), text: plus(s.total) }),
        el("td", { class: "strong", "data-label": t(cols[4]), text: num(h.scores_after[i]) })));
    });
  }
  $("hands").replaceChildren(sheet.hands.length || sheet.carried ? el("div", { class: "scroll" }, el("table", { class: "score sheet-table stack" }, ...rows)) : el("p", { class: "note", text: t("no_hands_yet") }));
  $("remove-last").hidden = !sheet.hands.length;
  $("log").replaceChildren(...(sheet.log.length ? sheet.log.map(c => el("li", { text: t("score_log_line", {
    at: moment(c.at), who: c.who, n: c.n, side: sheet.names[c.side],
    what: Object.entries(c.changes).map(([k, [a, b]]) => t("score_change", { line: lineWords(k), was: a, now: b })).join(", ") }) }))
    : [el("li", { class: "note", text: t("score_log_none") })]));
}
// a corrected line named as the sheet names it (its key's words), else by its name
function lineWords(name) {
  const f = sheet.fields.find(x => x.name === name);
  return f ? said(f.key, f.data, f.label) : name.replaceAll("_", " ");
}
async function load() {
  try { sheet = await api(`/api/sheets/${sheetId}`); render(); }
  catch (e) { $("sheet").hidden = false; showErr("err", e.message); }
}
$("save").onclick = async () => {
  const who = $("who").value.trim();
  localStorage.setItem("canasta.who", who);
  const entries = readForm();
  try {
    if (editing === null) sheet = await api(`/api/sheets/${sheetId}/hands`, { entries, who: who || null, version: sheet.version });
    else {
      const old = sheet.hands.find(h => h.n === editing).entries;
      for (let side = 0; side < entries.length; side++) {
        const changes = {};
        for (const f of sheet.fields) {
          const now = entries[side][f.name] ?? 0, was = old[side][f.name] ?? 0;
          if (String(now === true ? 1 : now) !== String(was)) changes[f.name] = now === 0 ? 0 : now;
        }
        if (Object.keys(changes).length) sheet = await api(`/api/sheets/${sheetId}/hands/${editing}`, { side, changes, who, version: sheet.version });
      }
      editing = null;
    }
    showErr("err", ""); render();
  } catch (e) { showErr("err", e.message); }
};
$("cancel").onclick = () => { editing = null; showErr("err", ""); render(); };
$("remove-last").onclick = async () => {
  const who = $("who").value.trim();
  if (!confirm(t("score_remove_confirm", { n: sheet.hands.length }))) return;
  try { sheet = await api(`/api/sheets/${sheetId}/remove-last`, { who, version: sheet.version }); showErr("err", ""); render(); }
  catch (e) { showErr("err", e.message); }
};
$("print").onclick = () => print();
$("csv").onclick = async () => {
  const r = await fetch(`/api/sheets/${sheetId}/csv`, { headers: H });
  const url = URL.createObjectURL(await r.blob());
  Object.assign(document.createElement("a"), { href: url, download: `canasta-sheet-${sheetId}.csv` }).click();
};
$("share").onclick = async () => { await navigator.clipboard?.writeText(location.href); $("share").textContent = t("copied"); };

if (sheetId && token) load(); else newSheetPage();
