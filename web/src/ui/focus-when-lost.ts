/**
 * Gives the focus to `element` if it has fallen to the page's body: a dialog or drawer opened
 * from a menu item gives it back to that item when it closes, and the item went with its menu.
 * Tried for a moment, as the closing dialog lets the focus go when its animation ends.
 */
export function focusWhenLost(element: HTMLElement | null) {
  if (!element) return;
  for (const delay of [0, 100, 300, 600]) {
    setTimeout(() => {
      const lost = document.activeElement === null || document.activeElement === document.body;
      if (lost && element.isConnected) element.focus();
    }, delay);
  }
}
