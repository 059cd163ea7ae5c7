// Card faces drawn by the project as SVG: big corner index (rank and suit), a large suit in the
// middle, a framed letter for the court cards, a star for the joker. Colours come from CSS classes
// (suit-H ...), so the four-colour deck and high contrast are style settings, and every card also
// carries its name in words for screen readers: no information by colour alone.
import { t, cardText, cardName } from "/static/i18n.js";

const NS = "http://www.w3.org/2000/svg";
// Suit shapes in a 10 x 10 box.
const SUITS = {
  H: "M5 9.6C3.2 8 0 5.6 0 3.1A2.6 2.6 0 0 1 5 2.1A2.6 2.6 0 0 1 10 3.1C10 5.6 6.8 8 5 9.6Z",
  D: "M5 0L9 5L5 10L1 5Z",
  S: "M5 0C6.8 2 10 4.2 10 6.4A2.4 2.4 0 0 1 5.7 7.6L6.6 10H3.4L4.3 7.6A2.4 2.4 0 0 1 0 6.4C0 4.2 3.2 2 5 0Z",
  C: "M5 .2A2.4 2.4 0 0 1 6.9 4.1A2.4 2.4 0 1 1 5.6 7.6L6.6 10H3.4L4.4 7.6A2.4 2.4 0 1 1 3.1 4.1A2.4 2.4 0 0 1 5 .2Z",
};
const STAR = "M5 0L6.2 3.6H10L6.9 5.8L8.1 9.5L5 7.2L1.9 9.5L3.1 5.8L0 3.6H3.8Z";

function svg(tag, attrs = {}, text) {
  const e = document.createElementNS(NS, tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  if (text != null) e.textContent = text;
  return e;
}
function shape(d, x, y, size) {
  return svg("path", { d, transform: `translate(${x} ${y}) scale(${size / 10})`, class: "ink" });
}
const rankOf = c => (c === "JK" ? "" : c[0] === "T" ? "10" : c[0]);

// An <svg> card face; the caller wraps it (a hand card is a button-like element, a meld card an image).
export function cardFace(c) {
  const s = svg("svg", { viewBox: "0 0 60 84", class: `face suit-${c === "JK" ? "J" : c[1]}`, "aria-hidden": "true", focusable: "false" });
  s.append(svg("rect", { x: 1, y: 1, width: 58, height: 82, rx: 6, class: "paper" }));
  if (c === "JK") {
    s.append(svg("text", { x: 6, y: 17, class: "index joker-index" }, "JK"), shape(STAR, 15, 24, 30),
      svg("text", { x: 30, y: 74, class: "joker-word", "text-anchor": "middle" }, t("joker").toUpperCase()));
    return s;
  }
  const r = rankOf(c), suit = SUITS[c[1]];
  s.append(svg("text", { x: r === "10" ? 3 : 5, y: 19, class: "index" }, r), shape(suit, 5.5, 23, 11));
  if ("JQK".includes(r)) {
    s.append(svg("rect", { x: 20, y: 18, width: 34, height: 56, rx: 3, class: "frame" }),
      svg("text", { x: 37, y: 52, class: "court", "text-anchor": "middle" }, r), shape(suit, 31, 58, 12));
  } else {
    s.append(shape(suit, 22, 30, 30));
  }
  return s;
}

export function cardBack() {
  const s = svg("svg", { viewBox: "0 0 60 84", class: "face back", "aria-hidden": "true", focusable: "false" });
  s.append(svg("rect", { x: 1, y: 1, width: 58, height: 82, rx: 6, class: "back-paper" }),
    svg("rect", { x: 6, y: 6, width: 48, height: 72, rx: 4, class: "back-frame" }));
  return s;
}

// A card as an image with its name (meld, pile, red threes, replay): role img, labelled in words.
export function cardImage(c, cls = "small") {
  const d = document.createElement("span");
  d.className = `card ${cls}`;
  d.setAttribute("role", "img");
  d.setAttribute("aria-label", cardName(c));
  d.title = cardName(c);
  d.dataset.card = c;
  d.append(cardFace(c));
  return d;
}
export { cardText, cardName };
