import { describe, expect, it } from "vitest";
import { actor } from "../../../test/agent";
import { restUpload, SAMPLES } from "../../../test/files";
import { CREATE_MEDIA, delta, fileInput, GRAPHQL_WRITES, mediaInput, MEDIA_DETAIL } from "../../../test/media";
import { useTestPortal } from "../../../test/portal";
import { EDITOR_FONTS } from "../common/quill-document";
import { Role } from "../reference/reference.data";
import { Media } from "./media.entity";

const MARKUP_TITLE = "Titre <script>alert(1)</script>";
const MARKUP_LINE = `<img src=x onerror=alert(1)> et <a href="javascript:alert(1)">lien</a>\n`;

/** What a hostile client may send as an article body. */
const HOSTILE_OPS = [
  { insert: MARKUP_TITLE },
  { insert: "\n", attributes: { header: 1, onclick: "alert(1)" } },
  { insert: "clic", attributes: { link: "javascript:alert(1)", bold: true, onmouseover: "alert(1)" } },
  { insert: " encore", attributes: { link: "JavaScript:alert(document.cookie)" } },
  { insert: " tab", attributes: { link: "java\tscript:alert(1)" } },
  { insert: " espace", attributes: { link: "  javascript:alert(1)" } },
  { insert: " data", attributes: { link: "data:text/html,<script>alert(1)</script>" } },
  { insert: " vbs", attributes: { link: "vbscript:msgbox(1)" } },
  { insert: " relatif", attributes: { link: "//evil.example/" } },
  { insert: " ok", attributes: { link: "https://www.caf.fr/" } },
  { insert: " mail", attributes: { link: "mailto:contact@example.org" } },
  { insert: "\n" },
  { insert: { image: "javascript:alert(1)" } },
  { insert: { image: "http://insecure.example/x.png" } },
  { insert: { image: "data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+" } },
  { insert: { image: "//evil.example/x.png" } },
  { insert: { image: "/uploads/../portail.sqlite" } },
  {
    insert: { image: "https://images.example/ok.png", onerror: "alert(1)" },
    attributes: { onerror: "alert(1)", width: "100", alt: '"><script>' },
  },
  { insert: { video: "https://evil.example/embed" } },
  { insert: { formula: "e=mc^2" } },
  { insert: { script: "alert(1)" } },
  { insert: 42 },
  { retain: 3, attributes: { bold: true } },
  {
    insert: MARKUP_LINE,
    attributes: { header: 7, color: "red;background:url(javascript:alert(1))", class: "x", style: "position:fixed" },
  },
];

/** What the portal must keep of it, and nothing else. */
const CLEANED_OPS = [
  { insert: MARKUP_TITLE },
  { insert: "\n", attributes: { header: 1 } },
  { insert: "clic", attributes: { bold: true } },
  { insert: " encore" },
  { insert: " tab" },
  { insert: " espace" },
  { insert: " data" },
  { insert: " vbs" },
  { insert: " relatif" },
  { insert: " ok", attributes: { link: "https://www.caf.fr/" } },
  { insert: " mail", attributes: { link: "mailto:contact@example.org" } },
  { insert: "\n" },
  // Its alternative text is kept as plain text (angle brackets removed); its other attributes go.
  { insert: { image: "https://images.example/ok.png" }, attributes: { alt: '"script' } },
  { insert: MARKUP_LINE },
];

const ALLOWED_ATTRIBUTES = new Set([
  "bold",
  "italic",
  "underline",
  "strike",
  "font",
  "color",
  "background",
  "link",
  "header",
  "list",
  "align",
  "blockquote",
  "indent",
  // An image's alternative text (plain text: no angle bracket).
  "alt",
]);

/** Every stored op is inert: known attributes only, safe links, https or own images, text as text. */
function expectInert(article: string) {
  const { ops } = JSON.parse(article) as { ops: Array<{ insert: unknown; attributes?: Record<string, unknown> }> };
  for (const op of ops) {
    expect(Object.keys(op).every((key) => key === "insert" || key === "attributes")).toBe(true);
    for (const [name, value] of Object.entries(op.attributes ?? {})) {
      expect(ALLOWED_ATTRIBUTES.has(name), name).toBe(true);
      if (name === "link") expect(String(value)).toMatch(/^(https?:\/\/|mailto:)/);
      if (name === "font") expect(EDITOR_FONTS).toContain(value);
      if (name === "alt") expect(String(value)).not.toMatch(/[<>]/);
      if (name === "color" || name === "background") expect(String(value)).toMatch(/^#[0-9a-f]{3}([0-9a-f]{3})?$/i);
    }
    if (typeof op.insert !== "string") {
      expect(Object.keys(op.insert as object)).toEqual(["image"]);
      expect((op.insert as { image: string }).image).toMatch(/^(https:\/\/|\/uploads\/[A-Za-z0-9_-]+\.[a-z0-9]+$)/);
    }
  }
}

describe("rich text safety", () => {
  const t = useTestPortal();
  const stored = (id: string) => t.portal.dataSource.getRepository(Media).findOneByOrFail({ id });

  it("stores a hostile article inert, through GraphQL", async () => {
    const { agent } = await actor(t, Role.NEWS_PARTNER);
    const result = await agent.graphql(CREATE_MEDIA, {
      input: mediaInput({ title: "", article: delta(...HOSTILE_OPS) }),
    });
    expect(result.errors).toBeUndefined();
    const media = result.data.createMedia;
    expect(JSON.parse(media.article).ops).toEqual(CLEANED_OPS);
    // Markup in the heading is text: the title is that text, as typed.
    expect(media.title).toBe(MARKUP_TITLE);
    expect(media.mainPicture).toBe("https://images.example/ok.png");

    const row = await stored(media.id);
    expect(row.article).toBe(media.article);
    expectInert(row.article);
    expect(row.title).toBe(MARKUP_TITLE);
    // The summary is the text, markup included as text; no link target leaks into it.
    expect(row.description).toBe(`clic encore tab espace data vbs relatif ok mail ${MARKUP_LINE.trim()}`);

    // What a reader gets is what is stored.
    const detail = await t.graphql<any>(MEDIA_DETAIL, { id: media.id });
    expect(detail.data.media.article).toBe(row.article);
  });

  it("stores a hostile article inert, through REST (delta object) and on update", async () => {
    const { agent, user } = await actor(t, Role.FULL_PARTNER);
    const created = await agent.rest("POST", "/api/media/add", {
      ...mediaInput({ title: "<img src=x onerror=alert(1)>" }),
      article: { ops: HOSTILE_OPS },
      categories: ["resource"],
    });
    expect(created.status).toBe(201);
    const row = await stored(created.body);
    expect(JSON.parse(row.article).ops).toEqual(CLEANED_OPS);
    expect(row.title).toBe("<img src=x onerror=alert(1)>");
    expect(row.userIds).toEqual([user!.id]);

    const current = await t.rest("GET", `/api/media/current/${created.body}`);
    expect(current.body.article).toBe(row.article);
    expectInert(current.body.article);

    const update = await GRAPHQL_WRITES.update(
      agent,
      created.body,
      mediaInput({ article: delta(...HOSTILE_OPS.slice(2)) }),
    );
    expect(update.code).toBeUndefined();
    const updated = await stored(created.body);
    expect(JSON.parse(updated.article).ops).toEqual(CLEANED_OPS.slice(2));
    expectInert(updated.article);
  });

  it("drops attributes named after built-in object members", async () => {
    const { agent } = await actor(t, Role.NEWS_PARTNER);
    // Raw JSON: a JavaScript object literal would not keep a "__proto__" key.
    const article =
      '{"ops":[{"insert":"Bonjour","attributes":{"constructor":"x","toString":"y","valueOf":"z",' +
      '"hasOwnProperty":"bold","italic":true}},{"insert":"\\n","attributes":{"__proto__":{"header":1},"align":"center"}}]}';
    const result = await agent.graphql(CREATE_MEDIA, { input: mediaInput({ article }) });
    expect(result.errors).toBeUndefined();
    const row = await stored(result.data.createMedia.id);
    expect(JSON.parse(row.article).ops).toEqual([
      { insert: "Bonjour", attributes: { italic: true } },
      { insert: "\n", attributes: { align: "center" } },
    ]);
    expectInert(row.article);
  });

  it("keeps file names as plain text without markup, from what the server stored", async () => {
    const { agent } = await actor(t, Role.NEWS_PARTNER);
    const answer = await restUpload(agent, { name: "<img src=x onerror=alert(1)>.png", bytes: SAMPLES.png.bytes });
    expect(answer.result?.name).toBe("img src=x onerror=alert(1).png");
    const result = await agent.graphql(CREATE_MEDIA, {
      input: mediaInput({
        files: [{ ...fileInput(answer.result!), name: "<script>alert(1)</script>", type: "text/html" }],
      }),
    });
    expect(result.errors).toBeUndefined();
    const row = await stored(result.data.createMedia.id);
    expect(row.files).toEqual([
      { path: answer.result!.link, name: "img src=x onerror=alert(1).png", type: "image/png" },
    ]);
    expect(row.mainPicture).toBe(answer.result!.link);
    const served = await fetch(`${t.url}${answer.result!.link}`);
    expect(served.headers.get("content-disposition")).toBe(
      `inline; filename*=UTF-8''${encodeURIComponent("img src=x onerror=alert(1).png")}`,
    );
  });
});
