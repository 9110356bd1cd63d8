/** The offer's element, shown once. */
export const UPDATE_OFFER_ID = "mise-a-jour";

const BUTTON_STYLE =
  "min-height:44px;min-width:44px;padding:0 1rem;border-radius:0.375rem;font:600 1rem/1 system-ui,sans-serif;cursor:pointer;";

/**
 * « Mettre à jour »: a bar at the bottom of the screen, over nothing the visitor must reach (it
 * can be closed), that never takes the focus nor reloads by itself; `update` runs on the press.
 * Plain DOM, outside the part React renders: it works on any page, whatever state it is in.
 */
export function showUpdateOffer(update: () => void): void {
  if (document.getElementById(UPDATE_OFFER_ID)) return;
  const bar = document.createElement("div");
  bar.id = UPDATE_OFFER_ID;
  bar.setAttribute("role", "region");
  bar.setAttribute("aria-label", "Nouvelle version");
  bar.style.cssText =
    "position:fixed;z-index:1400;left:0.75rem;right:0.75rem;bottom:0.75rem;max-width:32rem;margin:0 auto;" +
    "display:flex;flex-wrap:wrap;align-items:center;gap:0.5rem 0.75rem;padding:0.75rem 1rem;background:#fff;" +
    "color:#1a202c;border:1px solid #2a63ad;border-radius:0.5rem;box-shadow:0 4px 12px rgba(0,0,0,0.2);" +
    "font:1rem/1.5 system-ui,sans-serif";

  // Announced when its text arrives (a status region present before its message).
  const status = document.createElement("p");
  status.setAttribute("role", "status");
  status.style.cssText = "margin:0;flex:1 1 12rem";

  const accept = document.createElement("button");
  accept.type = "button";
  accept.textContent = "Mettre à jour";
  accept.style.cssText = `${BUTTON_STYLE}border:none;background:#1d4f91;color:#fff`;
  accept.addEventListener("click", () => {
    accept.disabled = true;
    status.textContent = "Mise à jour…";
    update();
  });

  const later = document.createElement("button");
  later.type = "button";
  later.textContent = "Plus tard";
  later.style.cssText = `${BUTTON_STYLE}border:1px solid #718096;background:#fff;color:#1a202c`;
  later.addEventListener("click", () => bar.remove());

  bar.append(status, accept, later);
  document.body.append(bar);
  requestAnimationFrame(() => {
    status.textContent = "Une nouvelle version du portail est disponible.";
  });
}
