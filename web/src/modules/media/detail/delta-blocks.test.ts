import { describe, expect, it } from "vitest";
import { articleItems, deltaBlocks } from "./delta-blocks";

const doc = (ops: unknown[]) => JSON.stringify({ ops });

describe("deltaBlocks", () => {
  it("reads headings, lists, inline formats and images", () => {
    const blocks = deltaBlocks(
      doc([
        { insert: "Titre" },
        { insert: "\n", attributes: { header: 1 } },
        { insert: "gras", attributes: { bold: true } },
        { insert: " et lien", attributes: { link: "https://caf.fr" } },
        { insert: "\n", attributes: { list: "bullet" } },
        { insert: { image: "/uploads/abcdefghijklmnop.png" } },
        { insert: "\n" },
      ]),
    );
    expect(blocks).toEqual([
      { kind: "heading", level: 1, runs: [{ text: "Titre" }] },
      {
        kind: "list-item",
        list: "bullet",
        runs: [
          { text: "gras", bold: true },
          { text: " et lien", link: "https://caf.fr" },
        ],
      },
      { kind: "paragraph", runs: [{ image: "/uploads/abcdefghijklmnop.png" }] },
    ]);
  });

  it("reads an image's alternative text, empty for a decorative one", () => {
    const blocks = deltaBlocks(
      JSON.stringify({
        ops: [
          { insert: { image: "/uploads/abcdefghijklmnop.png" }, attributes: { alt: "Deux enfants jouent" } },
          { insert: { image: "/uploads/bbcdefghijklmnop.png" }, attributes: { alt: "" } },
          { insert: "\n" },
        ],
      }),
    );
    expect(blocks![0].runs).toEqual([
      { image: "/uploads/abcdefghijklmnop.png", alt: "Deux enfants jouent" },
      { image: "/uploads/bbcdefghijklmnop.png", alt: "" },
    ]);
  });

  it("drops unsafe links and images, keeps markup as text", () => {
    const blocks = deltaBlocks(
      doc([
        { insert: "x", attributes: { link: "javascript:alert(1)", color: "red;x" } },
        { insert: { image: "javascript:alert(1)" } },
        { insert: { image: "data:image/png;base64,AAA" } },
        { insert: "<img src=x onerror=alert(1)>\n" },
      ]),
    );
    expect(blocks).toEqual([{ kind: "paragraph", runs: [{ text: "x" }, { text: "<img src=x onerror=alert(1)>" }] }]);
  });

  it("answers null for an unreadable document", () => {
    expect(deltaBlocks("{oops")).toBeNull();
    expect(deltaBlocks(JSON.stringify({ nope: true }))).toBeNull();
  });

  it("leaves blank lines out of what an article shows, a blank line still ending a list", () => {
    const blocks = deltaBlocks(
      doc([
        { insert: "Premier paragraphe.\n\n   \n" },
        { insert: "un" },
        { insert: "\n", attributes: { list: "bullet" } },
        { insert: "deux" },
        { insert: "\n", attributes: { list: "bullet" } },
        { insert: "\n" },
        { insert: "trois" },
        { insert: "\n", attributes: { list: "bullet" } },
        { insert: "quatre" },
        { insert: "\n", attributes: { list: "ordered" } },
        { insert: { image: "/uploads/abcdefghijklmnop.png" } },
        { insert: "\nFin.\n\n" },
      ]),
    );
    const bullet = (text: string) => ({ kind: "list-item", list: "bullet", runs: [{ text }] });
    expect(articleItems(blocks!)).toEqual([
      { kind: "paragraph", runs: [{ text: "Premier paragraphe." }] },
      [bullet("un"), bullet("deux")],
      [bullet("trois")],
      [{ kind: "list-item", list: "ordered", runs: [{ text: "quatre" }] }],
      { kind: "paragraph", runs: [{ image: "/uploads/abcdefghijklmnop.png" }] },
      { kind: "paragraph", runs: [{ text: "Fin." }] },
    ]);
  });
});
