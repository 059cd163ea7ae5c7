// How a player checks a deal: every word from the catalogue.
import { loadMessages, applyMessages } from "/static/i18n.js";

await loadMessages();
applyMessages();
