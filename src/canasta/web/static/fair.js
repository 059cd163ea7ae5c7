// How to check a fair deal: fixed words only, from the catalogue.
import { loadMessages, applyMessages } from "/static/i18n.js";

await loadMessages();
applyMessages();
