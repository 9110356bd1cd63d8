import { type ComponentType } from "react";
import { lazyLoad } from "../ui/lazy-load";
import { useRenderContext } from "./render-context";

type PageModule = Record<string, ComponentType>;

// Every page is its own chunk, loaded when its route is shown.
const pages = import.meta.glob<PageModule>("../pages/*.tsx");

/**
 * A page of `src/pages/<file>.tsx`, loaded on demand. On the server it notes its
 * module, so the HTML preloads the chunk the browser needs to hydrate it.
 */
export function lazyPage(file: string, exportName = "default"): ComponentType {
  const load = pages[`../pages/${file}.tsx`];
  if (!load) throw new Error(`Unknown page module: ${file}`);
  const Lazy = lazyLoad(() => load().then((module) => ({ default: module[exportName] })));
  const moduleId = `src/pages/${file}.tsx`;
  function Page() {
    const context = useRenderContext();
    if (context) context.modules.add(moduleId);
    return <Lazy />;
  }
  Page.displayName = `Page(${file}${exportName === "default" ? "" : `.${exportName}`})`;
  return Page;
}
