import { loadMessages, applyMessages, t, num } from "/static/i18n.js";
import { el, remember, myTables, houseRules, here, onlyHere } from "/static/common.js";
import { inviteBlock, sidesLine } from "/static/invite.js";
import { seatName, tableName, tableFacts, rememberedName } from "/static/board.js";

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
  document.getElementById("desc").textContent = t("preset_about_" + p.name) === "preset_about_" + p.name ? p.description : t("preset_about_" + p.name);
  document.getElementById("card-link").href = `/rules/${p.name}`;
  const pl = document.getElementById("players"); pl.replaceChildren();
  for (const n of p.players) pl.append(el("option", { value: n, text: num(n) }));
  pl.value = p.default_players; seats();
};
function seats() {
  const n = +document.getElementById("players").value, box = document.getElementById("seats");
  box.replaceChildren();
  for (let i = 0; i < n; i++) {
    const kind = el("select", { "aria-label": t("seat_n_who", { n: i + 1 }) },
      el("option", { value: "person", text: t("person") }),
      ...LEVELS.map(l => el("option", { value: "bot:" + l, text: t("bot_level", { level: t("level_" + l) }) })));
    kind.value = i === 0 ? "person" : "bot:club";
    const name = el("input", { "aria-label": t("seat_n_name", { n: i + 1 }), placeholder: t("name_placeholder"), maxlength: "40" });
    kind.addEventListener("change", () => { name.hidden = kind.value !== "person"; });
    name.hidden = kind.value !== "person";
    box.append(el("div", { class: "row seat-row" }, el("span", { text: t("seat_n", { n: i + 1 }) }), kind, name));
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
  const facts = tableFacts(j.table);
  remember({ name: t("my_table_host", { table: tableName(j.table) }), say: { key: "my_table_host", table: facts },
    link: j.links.host, role: "host", table: j.table_id });
  for (const [seat, link] of Object.entries(j.links.seats))
    remember({ name: t("my_table_seat", { table: tableName(j.table), name: seatName(j.table, +seat) }),
      say: { key: "my_table_seat", table: facts, seat: +seat }, link, table: j.table_id, seat: +seat });
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
    return { kind, ...(level ? { level } : {}), ...(name && kind === "person" ? { name } : {}) };
  });
  const j = await create({ preset: sel.value, players: +document.getElementById("players").value, overrides, seats: seatsSpec },
    document.getElementById("perr"));
  if (!j) return;
  // each person's link under their name, the sides in words, then the watchers' and the host's links
  const box = document.getElementById("links");
  box.replaceChildren(el("h3", { text: t("links") }), el("p", { class: "sides-line", text: sidesLine(j.table) }));
  for (const [seat, path] of Object.entries(j.links.seats)) box.append(inviteBlock(seatName(j.table, +seat), path, { open: true }));
  box.append(inviteBlock(t("spectator"), j.links.spectator), inviteBlock(t("host"), j.links.host, { message: false, open: true }));
  if (onlyHere(j.links.host)) box.append(el("p", { class: "note only-here", text: t("links_only_here") }));
});
document.getElementById("joingo").addEventListener("click", () => {
  const v = document.getElementById("joinlink").value.trim();
  try { const u = new URL(v, location.origin); location.href = u.pathname + u.hash; } catch { /* not a link */ }
});
// The tables this browser made or joined, shown again as soon as a new one is made.
function showMine() {
  const mine = document.getElementById("mine"), list = myTables();
  mine.replaceChildren(...(list.length ? list.map(x => el("li", {}, el("a", { href: x.link, text: rememberedName(x) })))
    : [el("li", { text: t("none_yet") })]));
}
showMine();
// the buttons work from now on: pressed before (the page still loading), they would do nothing
for (const id of ["go", "create", "joingo"]) document.getElementById(id).disabled = false;
