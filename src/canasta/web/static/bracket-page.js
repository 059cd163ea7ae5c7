// A knockout's bracket for the big screen (and print): the event's bracket as the director's page
// shows it, followed every few seconds, with the round clock's line.
import { loadMessages, applyMessages, t } from "/static/i18n.js";
import { el, secretLink, api, mmss } from "/static/common.js";
import { bracketView, drawLines } from "/static/bracket.js";

await loadMessages();
applyMessages();
const $ = x => document.getElementById(x);
const { id: eventId, headers: H } = secretLink();
let version = null;

function render(ev) {
  $("ev-name").textContent = $("ev-heading").textContent = ev.name;
  document.title = t("bracket_page_title", { name: ev.name });
  const c = ev.clock;
  $("ev-clock").textContent = t("ev_clock_line", { n: c.round, status: t("clock_" + c.status), left: mmss(c.remaining) });
  $("empty").hidden = !!ev.knockout;
  if (!ev.knockout) return;
  $("bracket").replaceChildren(bracketView(ev.knockout));
  $("ko-draws").replaceChildren(...drawLines(ev.knockout, ev.knockout.seed_draws).map(x => el("li", { text: x })));
}
async function load() {
  try {
    const ev = await api(`/api/events/${eventId}`, H);
    $("err").hidden = true;
    if (ev.version !== version || !ev.knockout) { version = ev.version; render(ev); }
    else $("ev-clock").textContent = t("ev_clock_line", { n: ev.clock.round, status: t("clock_" + ev.clock.status), left: mmss(ev.clock.remaining) });
  } catch (e) { $("err").textContent = e.message; $("err").hidden = false; }
}
$("print").onclick = () => print();
await load();
setInterval(load, 5000);
