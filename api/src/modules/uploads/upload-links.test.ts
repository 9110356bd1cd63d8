import { describe, expect, it } from "vitest";
import { uploadLinkKey, uploadLinksIn } from "./upload-links";

const KEY = "Zx9_aB-3kLmNoPqRsTuVwQ.png";

describe("upload links", () => {
  it("finds an upload wherever a media shows or links to it", () => {
    const article = JSON.stringify({
      ops: [
        { insert: "Le programme " },
        { insert: "ici", attributes: { link: "https://caf.example.fr/uploads/Prog_2026-aBcDeFgHiJkLmNoPqR.pdf" } },
        { insert: { image: `/uploads/${KEY}` } },
        {
          insert:
            " et sur https://caf.example.fr/Uploads/aaaaaaaaaaaaaaaaaaaaaa.jpg?v=2#haut, voir /uploads/bbbbbbbbbbbbbbbbbbbbbb.gif.\n",
        },
      ],
    });
    expect(
      uploadLinksIn(["/uploads/cccccccccccccccccccccc.webp", "/uploads/dddddddddddddddddddddd.docx", article, null]),
    ).toEqual([
      "/uploads/cccccccccccccccccccccc.webp",
      "/uploads/dddddddddddddddddddddd.docx",
      "/uploads/prog_2026-abcdefghijklmnopqr.pdf",
      `/uploads/${KEY.toLowerCase()}`,
      "/uploads/aaaaaaaaaaaaaaaaaaaaaa.jpg",
      "/uploads/bbbbbbbbbbbbbbbbbbbbbb.gif",
    ]);
  });

  it("takes a link followed by more name for the file it begins with (kept rather than removed)", () => {
    expect(
      uploadLinksIn([
        `Le formulaire : /uploads/${KEY}.Merci`,
        "/uploads/eeeeeeeeeeeeeeeeeeeeee.pdf_v2 et /uploads/ffffffffffffffffffffff.odt-ancien",
      ]),
    ).toEqual([
      `/uploads/${KEY.toLowerCase()}`,
      "/uploads/eeeeeeeeeeeeeeeeeeeeee.pdf",
      "/uploads/ffffffffffffffffffffff.odt",
    ]);
  });

  it("lists a link once, and nothing for text without uploads", () => {
    expect(uploadLinksIn([`/uploads/${KEY}`, `voir /UPLOADS/${KEY}`])).toEqual([`/uploads/${KEY.toLowerCase()}`]);
    expect(uploadLinksIn(["/images/demo.jpg", "https://exemple.fr/uploads/", "/uploads/sans-extension", ""])).toEqual(
      [],
    );
  });

  it("looks a link up in the form it is indexed in, or says it cannot", () => {
    expect(uploadLinkKey(`/uploads/${KEY}`)).toBe(`/uploads/${KEY.toLowerCase()}`);
    // Other forms (a query string, a space, a folder, no extension) and links longer than a facet value.
    expect(uploadLinkKey(`/uploads/${KEY}?v=1`)).toBeNull();
    expect(uploadLinkKey("/uploads/photo été.jpg")).toBeNull();
    expect(uploadLinkKey("/uploads/2019/photo.jpg")).toBeNull();
    expect(uploadLinkKey("/uploads/fichier")).toBeNull();
    expect(uploadLinkKey(`/uploads/${"a".repeat(140)}.pdf`)).toBeNull();
    expect(uploadLinkKey(`https://caf.example.fr/uploads/${KEY}`)).toBeNull();
  });
});
