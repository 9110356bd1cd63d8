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

/** Lets the browser handle input and paint before the next step. */
const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

// The code is run in steps, each its own task, so that no single task holds a phone's main
// thread for long (Lighthouse's « Total Blocking Time »): the libraries, the theme's
// configuration, then the portal's own modules, which read the server's data, build the theme
// (Chakra's createSystem builds every token, the longest single step) and hydrate the page in
// small slices, each in tasks of their own (main.tsx).
const started = firstPicture()
  .then(painted)
  .then(() => {
    preloadChunks();
    return import("./ui/framework-start");
  })
  .then(nextTask)
  .then(() => import("./ui/theme-config"))
  .then(nextTask)
  .then(() => import("./main"))
  .then(({ startApp }) => startApp());

/** After the page's load event, once the browser has nothing else to do. */
const idle = () =>
  new Promise<void>((resolve) => {
    const wait = () => ("requestIdleCallback" in window ? requestIdleCallback(() => resolve()) : resolve());
    if (document.readyState === "complete") wait();
    else addEventListener("load", wait, { once: true });
  });

// The service worker (offline reading, « Mettre à jour ») is registered last, by a module of its
// own: none of it weighs on the first load (docs/offline.md). The development server has no worker.
if (import.meta.env.PROD)
  void started
    .then(idle)
    .then(() => import("./modules/offline/register"))
    .then(({ registerServiceWorker }) => registerServiceWorker());
