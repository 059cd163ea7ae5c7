// The big-screen clock of a round: minutes left in large digits, the warning and the end of the
// round in words and with a sound (which can be muted). The time is the server's: the page keeps the
// server's facts and counts down from them, so every screen and a reload show the same minutes.
import { loadMessages, applyMessages, t } from "/static/i18n.js";
import { secretLink, mmss } from "/static/common.js";

await loadMessages();
applyMessages();
const $ = x => document.getElementById(x);
const { id: eventId, headers: H } = secretLink();
let ev = null, offset = 0, fetchedAt = 0, lastStatus = null, muted = localStorage.getItem("canasta.mute") === "1";

function beep(times) {
  if (muted) return;
  try {
    const ctx = new AudioContext();
    for (let i = 0; i < times; i++) {
      const o = ctx.createOscillator(), g = ctx.createGain();
      o.frequency.value = 880; o.connect(g); g.connect(ctx.destination);
      g.gain.setValueAtTime(0.3, ctx.currentTime + i * 0.6); g.gain.setValueAtTime(0, ctx.currentTime + i * 0.6 + 0.4);
      o.start(ctx.currentTime + i * 0.6); o.stop(ctx.currentTime + i * 0.6 + 0.45);
    }
  } catch { /* no sound on this device */ }
}
function left() {
  const c = ev.clock;
  if (!c.running) return c.remaining;
  return c.remaining - (performance.now() - fetchedAt) / 1000;
}
function statusOf(rem) {
  const c = ev.clock;
  if (!c.started) return "waiting";
  if (rem <= 0) return "time";
  return rem <= c.warning_at ? "warning" : "playing";
}
function draw() {
  if (!ev) return;
  const rem = left(), st = statusOf(rem), c = ev.clock;
  $("event-name").textContent = ev.name;
  $("round").textContent = t("clock_round", { n: c.round, of: c.rounds });
  $("time").textContent = mmss(rem);
  $("status").textContent = st === "time" ? t("clock_status_time", { rule: t("ev_time_" + ev.on_time) })
    : c.started && !c.running ? t("clock_status_paused", { status: t("clock_" + st) }) : t("clock_" + st);
  document.body.dataset.status = st;
  if (lastStatus && st !== lastStatus && c.running) beep(st === "time" ? 3 : st === "warning" ? 1 : 0);
  lastStatus = st;
  $("start").hidden = c.started; $("pause").hidden = !c.running; $("resume").hidden = !(c.started && !c.running);
  $("plus").disabled = $("minus").disabled = !c.started; $("next").disabled = c.round >= c.rounds;
  $("mute").setAttribute("aria-pressed", muted ? "true" : "false");
  $("mute").textContent = muted ? t("clock_unmute") : t("clock_mute");
}
async function load() {
  const r = await fetch(`/api/events/${eventId}`, { headers: H }); const j = await r.json();
  if (!r.ok) { $("err").textContent = j.error.message; $("err").hidden = false; return; }
  ev = j; fetchedAt = performance.now(); $("err").hidden = true; draw();
}
async function act(action) {
  if (action === "next" && !confirm(t("clock_next_confirm"))) return;
  const r = await fetch(`/api/events/${eventId}/clock`, { method: "POST", headers: H, body: JSON.stringify({ action, round: ev.clock.round }) });
  const j = await r.json();
  if (!r.ok) { $("err").textContent = j.error.message; $("err").hidden = false; await load(); return; }
  ev = j; fetchedAt = performance.now(); $("err").hidden = true; draw();
}
for (const a of ["start", "pause", "resume", "plus", "minus", "next"]) $(a).onclick = () => act(a);
$("mute").onclick = () => { muted = !muted; localStorage.setItem("canasta.mute", muted ? "1" : "0"); draw(); };
await load();
setInterval(draw, 250);
setInterval(load, 5000);   // another screen may have paused or moved the clock
