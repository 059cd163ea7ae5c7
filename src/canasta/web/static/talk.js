// Table talk: what the people at the table say (always shown as text, never as HTML), quick
// phrases sent as their code so each reader sees them in their own words, and the host's switch
// and mute said in words.
import { t } from "/static/i18n.js";
import { seatName } from "/static/board.js";
import { el } from "/static/common.js";

const PHRASES = ["hello", "good_luck", "well_played", "one_minute", "thank_you", "sorry", "bye"];
let canWrite = false, off = false, muted = false;
const $ = id => document.getElementById(id);

export function chatBox(send, writer) {
  canWrite = writer;
  const input = el("input", { id: "talk-text", maxlength: "200", "aria-label": t("talk_write"), placeholder: t("talk_write"), autocomplete: "off" });
  const form = el("form", { class: "row talk-form", id: "talk-form" }, input, el("button", { type: "submit", text: t("talk_send") }));
  form.onsubmit = e => { e.preventDefault(); const text = input.value.trim(); if (text && send({ text })) input.value = ""; };
  const phrases = el("div", { class: "row talk-phrases", role: "group", "aria-label": t("talk_phrases") },
    ...PHRASES.map(p => el("button", { type: "button", "data-phrase": p, text: t("phrase_" + p), onclick: () => send({ phrase: p }) })));
  return [el("h2", { text: t("talk") }), el("ol", { id: "talk-lines", class: "talk-lines", "aria-live": "polite", tabindex: "0", "aria-label": t("talk") }),
    el("p", { id: "talk-state", class: "note", hidden: "" }), el("p", { id: "talk-refused", class: "error", hidden: "" }),
    ...(writer ? [phrases, form] : [el("p", { class: "note", text: t("talk_watcher") })])];
}

// The host's settings, from the table summary: the controls go when the talk is off or this seat muted.
export function chatSettings(table, seat) {
  const c = table?.chat; if (!c || !$("talk-state")) return;
  off = !c.enabled; muted = seat != null && c.muted.includes(seat);
  const why = off ? t("talk_off") : muted ? t("talk_muted") : "";
  $("talk-state").textContent = why; $("talk-state").hidden = !why;
  for (const id of ["talk-form"]) if ($(id)) $(id).hidden = !canWrite || off || muted;
  const ph = document.querySelector(".talk-phrases"); if (ph) ph.hidden = !canWrite || off || muted;
}

export function chatLines(lines, table, refused) {
  const box = $("talk-lines"); if (!box) return;
  const r = $("talk-refused");
  if (refused) { r.textContent = refused; r.hidden = false; return; }
  r.hidden = true;
  for (const line of lines) {
    const words = line.phrase ? t("phrase_" + line.phrase) : line.text;
    // the writer by name, or an unnamed seat in the reader's words
    const who = line.name || seatName(table, line.seat);
    box.append(el("li", { "data-seat": String(line.seat) }, el("strong", { text: t("talk_who", { name: who }) }), " ", el("span", { class: "said", text: words })));
  }
  while (box.children.length > 100) box.firstChild.remove();
  box.scrollTop = box.scrollHeight;
}
