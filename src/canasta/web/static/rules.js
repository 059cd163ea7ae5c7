// The printable rules card of a preset: every option with its value, meaning and source, by group.
import { loadMessages, applyMessages, t, num } from "/static/i18n.js";
import { el } from "/static/common.js";

await loadMessages();
applyMessages();
document.getElementById("print").onclick = () => print();
const preset = location.pathname.split("/")[2];
const r = await fetch(`/api/presets/${encodeURIComponent(preset)}`), card = await r.json();
if (!r.ok) document.getElementById("name").textContent = card.error.message;
else {
  document.getElementById("name").textContent = t("rules_heading", { name: card.title, n: card.players });
  document.title = t("rules_page_title", { name: card.title });
  document.getElementById("desc").textContent = card.description;
  const groups = new Map();
  for (const o of card.options) { if (!groups.has(o.group_title)) groups.set(o.group_title, []); groups.get(o.group_title).push(o); }
  // an option's value as it is typed in a house rule (JSON, names in English), a number grouped
  const show = v => (typeof v === "boolean" ? t(v ? "yes" : "no") : typeof v === "number" ? num(v) : Array.isArray(v) || typeof v === "object" ? JSON.stringify(v) : String(v));
  document.getElementById("groups").replaceChildren(...[...groups].map(([g, opts]) => el("div", {},
    el("h3", { text: g }),
    // on a phone each rule is laid out as a small card (style.css): its name and value, then the words
    el("table", { class: "score rules stack" }, el("tr", { class: "head" }, ...["rules_option", "rules_value", "rules_meaning", "rules_source"].map(h => el("th", { scope: "col", text: t(h) }))),
      // an option's name and value are what a house rule types (data-verbatim); its source quotes
      // the rule sheet (in English) or names our ruling
      ...opts.map(o => el("tr", {}, el("th", { scope: "row", text: o.name, "data-verbatim": "typed" }),
        el("td", { class: "value", "data-label": t("rules_value"), text: show(o.value), "data-verbatim": "typed" }),
        el("td", { text: o.meaning }), el("td", { class: "note", "data-label": t("rules_source"), text: o.source, "data-verbatim": "quote" })))))));
}
