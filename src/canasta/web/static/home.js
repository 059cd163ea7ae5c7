import { loadMessages, applyMessages, t } from "/static/i18n.js";
import { el, remember, myTables, houseRules, here, onlyHere } from "/static/common.js";

await loadMessages();
applyMessages();
const presets = await (await fetch("/api/presets")).json();
const sel = document.getElementById("preset");
const LEVELS = ["beginner", "club", "expert", "expert-plus"];   // the bots' levels, weakest first
for (const p of presets) sel.append(el("option", { value: p.name, text: p.title }));
const last = JSON.parse(localStorage.getItem("canasta.quick") || "{}") || {};   // the last quick start's choice
sel.value = presets.some(p => p.name === last.preset) ? last.preset : "classic";
const desc = () => {
  const p = presets.find(x => x.name === sel.value);
  document.getElementById("desc").textContent = p.description;
  document.getElementById("card-link").href = `/rules/${p.name}`;
  const pl = document.getElementById("players"); pl.replaceChildren();
  for (const n of p.players) pl.append(el("option", { value: n, text: n }));
  pl.value = p.default_players; seats();
};
function seats() {
  const n = +document.getElementById("players").value, box = document.getElementById("seats");
  box.replaceChildren();
  for (let i = 0; i < n; i++) {
    const kind = el("select", { "aria-label": `${t("seat")} ${i + 1}` },
      el("option", { value: "person", text: t("person") }),
      ...LEVELS.map(l => el("option", { value: "bot:" + l, text: `${t("bot")} (${t("level_" + l)})` })));
    kind.value = i === 0 ? "person" : "bot:club";
    box.append(el("div", { class: "row" }, el("span", { text: `${t("seat")} ${i + 1}` }), kind,
      el("input", { "aria-label": `${t("name")} ${i + 1}`, placeholder: t("name"), maxlength: "40" })));
  }
}
const lvl = document.getElementById("level");
for (const l of LEVELS) lvl.append(el("option", { value: l, text: t("level_" + l) }));
lvl.value = LEVELS.includes(last.level) ? last.level : "club";
sel.addEventListener("change", desc);
document.getElementById("players").addEventListener("change", seats);
desc();

async function create(body, errBox) {
  const r = await fetch("/api/tables", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  const j = await r.json();
  if (!r.ok) { errBox.textContent = j.error.message; errBox.hidden = false; return null; }
  errBox.hidden = true;
  remember({ name: j.table.name, link: j.links.host, role: "host" });
  for (const [seat, link] of Object.entries(j.links.seats)) remember({ name: `${j.table.name}: ${t("seat")} ${+seat + 1}`, link });
  showMine();
  return j;
}
document.getElementById("go").addEventListener("click", async () => {
  localStorage.setItem("canasta.quick", JSON.stringify({ preset: sel.value, level: lvl.value }));
  const j = await create({ preset: sel.value, level: lvl.value }, document.getElementById("err"));
  if (j) location.href = `${here(j.links.seats["0"])}&h=${j.host_token}`;   // the player may start the next game
});
const typedRules = () => houseRules(document.getElementById("house").value);
// The engine checks the house rules as they are typed, and its sentence is shown as it is.
let checking;
document.getElementById("house").addEventListener("input", () => {
  clearTimeout(checking);
  checking = setTimeout(async () => {
    const box = document.getElementById("perr"), ok = document.getElementById("pok");
    const r = await fetch("/api/rules/check", { method: "POST", headers: { "content-type": "application/json" },
      body: JSON.stringify({ preset: sel.value, players: +document.getElementById("players").value, overrides: typedRules() }) });
    const j = await r.json();
    box.hidden = r.ok; ok.hidden = !r.ok || !Object.keys(typedRules()).length;
    if (!r.ok) box.textContent = j.error.message;
  }, 350);
});
document.getElementById("create").addEventListener("click", async () => {
  const overrides = typedRules();
  const seatsSpec = [...document.querySelectorAll("#seats .row")].map(r => {
    const [kind, level] = r.querySelector("select").value.split(":"); const name = r.querySelector("input").value.trim();
    return { kind, ...(level ? { level } : {}), ...(name ? { name } : {}) };
  });
  const j = await create({ preset: sel.value, players: +document.getElementById("players").value, overrides, seats: seatsSpec },
    document.getElementById("perr"));
  if (!j) return;
  const box = document.getElementById("links"); box.replaceChildren(el("h3", { text: t("links") }));
  const line = (label, url) => {
    const input = el("input", { value: url, readonly: "", "aria-label": label });
    box.append(el("p", {}, el("span", { text: label }), input,
      el("button", { text: t("copy"), onclick: async (e) => { await navigator.clipboard?.writeText(url); e.target.textContent = t("copied"); } }),
      el("a", { href: here(url), text: t("open") })));
  };
  for (const [seat, url] of Object.entries(j.links.seats)) line(`${t("seat")} ${+seat + 1}`, url);
  line(t("spectator"), j.links.spectator); line(t("host"), j.links.host);
  if (onlyHere(j.links.host)) box.append(el("p", { class: "note", text: t("links_only_here") }));
});
document.getElementById("joingo").addEventListener("click", () => {
  const v = document.getElementById("joinlink").value.trim();
  try { const u = new URL(v, location.origin); location.href = u.pathname + u.hash; } catch { /* not a link */ }
});
// The tables this browser made or joined, shown again as soon as a new one is made.
function showMine() {
  const mine = document.getElementById("mine"), list = myTables();
  mine.replaceChildren(...(list.length ? list.map(x => el("li", {}, el("a", { href: x.link, text: x.name })))
    : [el("li", { text: t("none_yet") })]));
}
showMine();
