/**
 * GraphiQL marks each editor tab's <li> as role="tab" although the <li> holds buttons (a
 * tab inside which one presses "close"): nested interactive controls that screen readers
 * cannot announce. The role (and the selection state) moves to the tab's own button.
 */
export function fixGraphiqlTabs(root: HTMLElement): () => void {
  const fix = () => {
    for (const tab of root.querySelectorAll<HTMLElement>("li.graphiql-tab[role='tab']")) {
      const button = tab.querySelector<HTMLButtonElement>("button[aria-controls]");
      if (!button) continue;
      button.setAttribute("role", "tab");
      button.setAttribute("aria-selected", tab.getAttribute("aria-selected") ?? "false");
      tab.setAttribute("role", "presentation");
      tab.removeAttribute("aria-selected");
    }
  };
  const observer = new MutationObserver(fix);
  observer.observe(root, {
    subtree: true,
    childList: true,
    attributes: true,
    attributeFilter: ["aria-selected", "role"],
  });
  fix();
  return () => observer.disconnect();
}
