// Reordering the hand by dragging a card (mouse, pen or finger); a click without a drag plays it.

const THRESHOLD = 8; // pixels before a press becomes a drag

/**
 * Make the cards of `container` draggable. `onDrop(name, index)` gets the card and the
 * position it was dropped at (among the cards as shown); `onClick(name)` a plain click.
 */
export function enableDrag(container, { onDrop, onClick }) {
  let drag = null;

  container.addEventListener("pointerdown", (event) => {
    if (event.button !== 0) return;
    const card = event.target.closest(".card");
    if (!card || !container.contains(card)) return;
    const cards = [...container.querySelectorAll(".card")];
    drag = {
      card,
      name: card.dataset.card,
      startX: event.clientX,
      startY: event.clientY,
      moving: false,
      centres: cards.map((el) => {
        const rect = el.getBoundingClientRect();
        return { name: el.dataset.card, x: rect.left + rect.width / 2 };
      }),
      index: cards.indexOf(card),
      pointer: event.pointerId,
    };
  });

  container.addEventListener("pointermove", (event) => {
    if (!drag || event.pointerId !== drag.pointer) return;
    const dx = event.clientX - drag.startX;
    const dy = event.clientY - drag.startY;
    if (!drag.moving) {
      if (Math.hypot(dx, dy) < THRESHOLD) return;
      drag.moving = true;
      try {
        container.setPointerCapture(drag.pointer);
      } catch {
        /* capture is a nicety */
      }
      drag.card.classList.add("dragging");
      container.classList.add("is-dragging");
    }
    event.preventDefault();
    drag.card.style.transform = `translate(${dx}px, ${dy}px)`;
    const target = dropIndex(drag, event.clientX);
    for (const el of container.querySelectorAll(".card")) el.classList.remove("drop-before", "drop-after");
    const others = drag.centres.filter((c) => c.name !== drag.name);
    if (target < others.length) container.querySelector(`.card[data-card="${others[target].name}"]`)?.classList.add("drop-before");
    else if (others.length) container.querySelector(`.card[data-card="${others[others.length - 1].name}"]`)?.classList.add("drop-after");
  });

  const finish = (event) => {
    if (!drag || event.pointerId !== drag.pointer) return;
    const done = drag;
    drag = null;
    container.classList.remove("is-dragging");
    for (const el of container.querySelectorAll(".card")) el.classList.remove("drop-before", "drop-after");
    if (!done.moving) {
      if (event.type === "pointerup") onClick(done.name);
      return;
    }
    done.card.classList.remove("dragging");
    done.card.style.transform = "";
    if (event.type === "pointerup") onDrop(done.name, dropIndex(done, event.clientX));
  };
  container.addEventListener("pointerup", finish);
  container.addEventListener("pointercancel", finish);
  // Keyboard activation (Enter, Space) arrives as a click with no pointer: play the card.
  container.addEventListener("click", (event) => {
    const card = event.target.closest(".card");
    if (card && event.detail === 0) onClick(card.dataset.card);
  });
}

function dropIndex(drag, x) {
  const others = drag.centres.filter((c) => c.name !== drag.name);
  let index = 0;
  while (index < others.length && others[index].x < x) index += 1;
  return index;
}
