// The page first shows the HTML the server rendered, with its first picture; the
// application's code loads once the browser has painted them, so a phone spends its
// first bytes on what the family sees. The server names the chunks the page needs
// (<meta name="portail:chunks">): they are fetched together, then the page comes alive.
const LONGEST_WAIT_MS = 3000;

function firstPicture(): Promise<unknown> {
  const image = document.querySelector<HTMLImageElement>('#root img[fetchpriority="high"]');
  if (!image || image.complete) return Promise.resolve();
  return Promise.race([
    new Promise((resolve) => {
      image.addEventListener("load", resolve, { once: true });
      image.addEventListener("error", resolve, { once: true });
    }),
    new Promise((resolve) => setTimeout(resolve, LONGEST_WAIT_MS)),
  ]);
}

const painted = () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));

/** Starts downloading the page's chunks in parallel. */
function preloadChunks() {
  const names = document.querySelector<HTMLMetaElement>('meta[name="portail:chunks"]')?.content ?? "";
  for (const href of names.split(" ").filter(Boolean)) {
    const link = document.createElement("link");
    link.rel = "modulepreload";
    link.href = href;
    document.head.appendChild(link);
  }
}

void firstPicture()
  .then(painted)
  .then(() => {
    preloadChunks();
    return import("./main");
  });
