/** A dialog, drawer or menu still open (or opening): while one is, the focus is its business. */
const OPEN_LAYER = "[role=dialog][data-state=open], [role=alertdialog][data-state=open], [role=menu][data-state=open]";

/** How many frames the focus is watched at most: seconds on a slow phone, never forever. */
const MAX_FRAMES = 600;

/**
 * Gives the focus to `element` if it falls to the page's body once the dialog or drawer that was
 * open has closed: one opened from a menu item gives it back to that item, which went with its
 * menu. Watched frame by frame until the focus has settled on something else with no dialog
 * open (two frames in a row), so a closing animation slowed by a busy phone is waited for, not
 * guessed by fixed delays.
 */
export function focusWhenLost(element: HTMLElement | null) {
  if (!element) return;
  let frames = 0;
  let settled = 0;
  const check = () => {
    const open = document.querySelector(OPEN_LAYER) !== null;
    const lost = document.activeElement === null || document.activeElement === document.body;
    if (!open && lost && element.isConnected) element.focus();
    settled = !open && !lost ? settled + 1 : 0;
    if (settled < 2 && ++frames < MAX_FRAMES) requestAnimationFrame(check);
  };
  requestAnimationFrame(check);
}
