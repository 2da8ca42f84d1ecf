// The opponent's moves, animated: a copy of the card flies from where it was to where it is,
// and the status line tells that move while it flies.
import { cardBack, cardFace } from "./cards.js";
import { reducedMotion, store } from "./dom.js";

/** The status line tells the move flying (not the prompt that follows it); a player sitting
 * out keeps "you sit out this hand" (the log tells the moves). */
export function tell(ctl, within = ctl.root) {
  const status = ctl.telling && within.querySelector(".panel:not(.sit-out) p.status");
  if (!status) return;
  status.removeAttribute("aria-live"); // the move is announced once, by the log's live region
  status.classList.add("telling");
  status.replaceChildren(ctl.telling.text);
}

/** Before drawing an event: where its card starts from (and what it shows). */
export function measureMove(ctl, event, before) {
  if (!event || event.kind !== "play" || !before || !before.view || reducedMotion() || store.get("gin.speed", "normal") === "off") return null;
  if (event.seat === before.you) return null;
  const root = ctl.root;
  const seatEl = root.querySelector(`.seat-cards[data-seat="${event.seat}"]`);
  const pileTop = root.querySelector(".pile-top");
  const stock = root.querySelector(".stock-card");
  const action = event.action || "";
  const rect = (el) => (el ? el.getBoundingClientRect() : null);
  const seatRect = () => rect(seatEl && (seatEl.lastElementChild || seatEl));
  if (action === "stock") return { from: rect(stock), to: "seat", seat: event.seat, face: null };
  if (action === "take") return { from: rect(pileTop), to: "seat", seat: event.seat, face: before.view.pile[before.view.pile.length - 1] };
  if (action.startsWith("discard ")) return { from: seatRect(), to: "pile", seat: event.seat, face: action.slice(8) };
  if (action === "knock" || action.startsWith("knock ")) return { from: seatRect(), to: "pile", seat: event.seat, face: null };
  return null;
}

/** After drawing it: fly a copy of the card from where it was to where it is now. */
export function animateMove(ctl, flight) {
  if (!flight || !flight.from) return;
  const root = ctl.root;
  let target;
  if (flight.to === "pile") target = root.querySelector(".pile-top");
  else {
    const seatEl = root.querySelector(`.seat-cards[data-seat="${flight.seat}"]`);
    target = seatEl && (seatEl.lastElementChild || seatEl);
  }
  if (!target) return;
  const to = target.getBoundingClientRect();
  const ghost = flight.face ? cardFace(flight.face, { classes: ["flying"] }) : cardBack({ classes: ["flying"] });
  ghost.dataset.seat = String(flight.seat);
  // a picture of a move the log tells in words: hidden from assistive technology (axe's `region`)
  ghost.setAttribute("aria-hidden", "true");
  Object.assign(ghost.style, { left: `${flight.from.left}px`, top: `${flight.from.top}px`, width: `${flight.from.width}px`, height: `${flight.from.height}px` });
  document.body.append(ghost);
  const hidden = flight.to === "pile" ? target : null;
  if (hidden) hidden.style.visibility = "hidden";
  const telling = flight.text ? { text: flight.text } : null;
  if (telling) {
    ctl.telling = telling;
    tell(ctl);
  }
  const dx = to.left - flight.from.left;
  const dy = to.top - flight.from.top;
  const scale = to.width / Math.max(flight.from.width, 1);
  const animation = ghost.animate(
    [{ transform: "translate(0, 0) scale(1)" }, { transform: `translate(${dx}px, ${dy}px) scale(${scale})` }],
    { duration: store.get("gin.speed", "normal") === "fast" ? 200 : 450, easing: "cubic-bezier(.2,.7,.3,1)" });
  const done = () => {
    ghost.remove();
    if (hidden) hidden.style.visibility = "";
    if (flight.to === "pile") target.classList.add("just-played");
    if (telling && ctl.telling === telling) {
      ctl.telling = null;
      ctl.render();
    }
  };
  animation.onfinish = done;
  animation.oncancel = done;
}
