import type { Plugin } from "vite";

/** One chunk of the production build, as the budget test reads it. */
export interface ChunkStats {
  file: string;
  /** Chunks this one imports statically (loaded with it). */
  imports: string[];
  /** Chunks it loads on demand. */
  dynamicImports: string[];
  isEntry: boolean;
  /** Source module → bytes it adds to the chunk (before compression). */
  modules: Record<string, number>;
}

/**
 * Writes `.vite/bundle-stats.json` beside Vite's manifest: which modules each chunk
 * holds, so that the first-load budget test can name what makes a page heavy.
 */
export function bundleStats(): Plugin {
  return {
    name: "portail-bundle-stats",
    apply: "build",
    generateBundle(_options, bundle) {
      const chunks: ChunkStats[] = [];
      for (const output of Object.values(bundle)) {
        if (output.type !== "chunk") continue;
        chunks.push({
          file: output.fileName,
          imports: output.imports,
          dynamicImports: output.dynamicImports,
          isEntry: output.isEntry,
          modules: Object.fromEntries(
            Object.entries(output.modules).map(([id, info]) => [shortId(id), info.renderedLength]),
          ),
        });
      }
      this.emitFile({ type: "asset", fileName: ".vite/bundle-stats.json", source: JSON.stringify(chunks) });
    },
  };
}

/** Module ids relative to the repository ("node_modules/react-dom/…", "web/src/…"). */
function shortId(id: string): string {
  const clean = id.replace(/\?.*$/, "").replace(/\0/g, "");
  const nodeModules = clean.lastIndexOf("/node_modules/");
  if (nodeModules >= 0) return clean.slice(nodeModules + 1);
  const web = clean.indexOf("/web/");
  return web >= 0 ? clean.slice(web + 1) : clean;
}
