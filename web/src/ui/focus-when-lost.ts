/** A dialog, drawer or menu, open or closing: while the focus is in one, it is its business. */
const LAYER = "[role=dialog], [role=alertdialog], [role=menu]";
const OPEN_LAYER = "[role=dialog][data-state=open], [role=alertdialog][data-state=open], [role=menu][data-state=open]";

/** How many frames the focus is watched at most: seconds on a slow phone, never forever. */
const MAX_FRAMES = 600;

/**
 * Gives the focus to `element` if it falls to the page's body once the dialog or drawer that was
 * open has closed: one opened from a menu item gives it back to that item, which went with its
 * menu. Watched frame by frame until the focus has settled outside any dialog with none open
 * (two frames in a row), so a closing animation slowed by a busy phone is waited for, not
 * guessed by fixed delays.
 */
export function focusWhenLost(element: HTMLElement | null) {
  if (!element) return;
  let frames = 0;
  let settled = 0;
  const check = () => {
    const open = document.querySelector(OPEN_LAYER) !== null;
    const active = document.activeElement;
    const lost = active === null || active === document.body;
    if (!open && lost && element.isConnected) element.focus();
    // Still in a dialog that is closing (the button that confirmed it): not settled yet.
    settled = !open && !lost && !active?.closest(LAYER) ? settled + 1 : 0;
    if (settled < 2 && ++frames < MAX_FRAMES) requestAnimationFrame(check);
  };
  requestAnimationFrame(check);
}
