import { describe, expect, it } from "vitest";
import { cleanQuillDocument } from "./quill-document";

const doc = (ops: unknown[]) => JSON.stringify({ ops });

describe("cleanQuillDocument", () => {
  it("keeps the editor's formats and finds the first level-one heading", () => {
    const cleaned = cleanQuillDocument(
      doc([
        { insert: "Fête de quartier" },
        { insert: "\n", attributes: { header: 1 } },
        { insert: "Venez ", attributes: { bold: true, font: "georgia" } },
        { insert: "ici", attributes: { link: "https://example.org" } },
        { insert: "\n", attributes: { list: "bullet" } },
        { insert: { image: "/uploads/abcdefghijklmnopqrstuv.png" } },
        { insert: "\n" },
      ]),
    );
    expect(cleaned.firstHeading).toBe("Fête de quartier");
    expect(cleaned.images).toEqual(["/uploads/abcdefghijklmnopqrstuv.png"]);
    expect(cleaned.text).toContain("Venez ici");
    expect(JSON.parse(cleaned.json).ops[2]).toEqual({ insert: "Venez ", attributes: { bold: true, font: "georgia" } });
  });

  it("keeps an image's alternative text, empty for a decorative one, and nothing else of its attributes", () => {
    const cleaned = cleanQuillDocument(
      JSON.stringify({
        ops: [
          {
            insert: { image: "/uploads/abcdefghijklmnopqrstuv.png" },
            attributes: { alt: "  Deux enfants\n jouent  " },
          },
          { insert: { image: "/uploads/bbcdefghijklmnopqrstuv.png" }, attributes: { alt: "", width: "9999" } },
          { insert: { image: "/uploads/cbcdefghijklmnopqrstuv.png" }, attributes: { alt: 42, onerror: "x()" } },
          { insert: { image: "/uploads/dbcdefghijklmnopqrstuv.png" }, attributes: { alt: "a".repeat(400) } },
          { insert: "\n" },
        ],
      }),
    );
    const ops = JSON.parse(cleaned.json).ops;
    expect(ops[0]).toEqual({
      insert: { image: "/uploads/abcdefghijklmnopqrstuv.png" },
      attributes: { alt: "Deux enfants jouent" },
    });
    expect(ops[1]).toEqual({ insert: { image: "/uploads/bbcdefghijklmnopqrstuv.png" }, attributes: { alt: "" } });
    expect(ops[2]).toEqual({ insert: { image: "/uploads/cbcdefghijklmnopqrstuv.png" } });
    expect(ops[3].attributes.alt).toHaveLength(250);
  });

  it("strips dangerous links, images, embeds and unknown attributes", () => {
    const cleaned = cleanQuillDocument(
      doc([
        { insert: "clic", attributes: { link: "javascript:alert(1)", onclick: "alert(1)", bold: true } },
        { insert: { image: "javascript:alert(1)" } },
        { insert: { image: "http://insecure.example/x.png" } },
        { insert: { image: "data:image/png;base64,AAAA" } },
        { insert: { video: "https://evil.example" } },
        { insert: "<script>alert(1)</script>\n", attributes: { header: 7, color: "red;background:url(x)" } },
      ]),
    );
    const ops = JSON.parse(cleaned.json).ops;
    expect(ops).toEqual([
      { insert: "clic", attributes: { bold: true } },
      // Markup stays text: it is never interpreted as HTML.
      { insert: "<script>alert(1)</script>\n" },
    ]);
    expect(cleaned.images).toEqual([]);
  });

  it("refuses what is not a Quill document", () => {
    expect(() => cleanQuillDocument("{not json")).toThrow("Le contenu de l'article est illisible.");
    expect(() => cleanQuillDocument(JSON.stringify({ foo: 1 }))).toThrow("illisible");
  });
});
