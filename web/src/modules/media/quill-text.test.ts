import { describe, expect, it } from "vitest";
import { quillParagraphs } from "./quill-text";

describe("quillParagraphs", () => {
  it("splits a document into paragraphs of text", () => {
    const doc = JSON.stringify({
      ops: [{ insert: "Titre\n" }, { insert: { image: "/x.png" } }, { insert: "Texte\n\nFin\n" }],
    });
    expect(quillParagraphs(doc)).toEqual(["Titre", "Texte", "Fin"]);
  });
  it("answers null for what is not a Quill document", () => {
    expect(quillParagraphs("{not json")).toBeNull();
    expect(quillParagraphs(JSON.stringify({ foo: 1 }))).toBeNull();
  });
  it("keeps markup as text", () => {
    expect(quillParagraphs(JSON.stringify({ ops: [{ insert: "<script>alert(1)</script>\n" }] }))).toEqual([
      "<script>alert(1)</script>",
    ]);
  });
});
