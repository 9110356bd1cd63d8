import { describe, expect, it } from "vitest";
import { actor } from "../../../test/agent";
import { SAMPLES, storedKeys, uploaded } from "../../../test/files";
import { CREATE_MEDIA, delta, fileInput, GRAPHQL_WRITES, mediaInput } from "../../../test/media";
import { useTestPortal } from "../../../test/portal";
import { recordStatements } from "../../../test/statements";
import { UploadLinks1765065600000 } from "../../db/migrations/1765065600000-UploadLinks";
import { Role } from "../reference/reference.data";
import { Media } from "./media.entity";

// The uploaded files of media (attachments, body images, pictures): removed with the last media
// that uses them, never while another one still does.
describe("the files of media", () => {
  const t = useTestPortal();
  const repo = () => t.portal.dataSource.getRepository(Media);
  const served = async (link: string) => (await fetch(`${t.url}${link}`)).status;

  it("removes the uploaded files of a deleted media, attachments and body images", async () => {
    const { agent } = await actor(t, Role.NEWS_PARTNER);
    const pdf = await uploaded(agent, SAMPLES.pdf);
    const image = await uploaded(agent, SAMPLES.png);
    const unrelated = await uploaded(agent, SAMPLES.gif);
    const created = await agent.graphql(CREATE_MEDIA, {
      input: mediaInput({
        article: delta({ insert: "Le programme :\n" }, { insert: { image: image.link } }, { insert: "\n" }),
        files: [fileInput(pdf)],
      }),
    });
    expect(created.errors).toBeUndefined();
    const id = created.data.createMedia.id;
    expect(created.data.createMedia.mainPicture).toBe(image.link);
    expect([await served(pdf.link), await served(image.link)]).toEqual([200, 200]);
    const keysBefore = storedKeys(t);

    expect(await GRAPHQL_WRITES.remove(agent, id)).toEqual({ status: 200, id: undefined });
    expect([await served(pdf.link), await served(image.link)]).toEqual([404, 404]);
    expect(storedKeys(t)).toEqual(keysBefore.filter((key) => !pdf.link.endsWith(key) && !image.link.endsWith(key)));
    // A file no media used is not touched.
    expect(await served(unrelated.link)).toBe(200);
  });

  it("removes the files an update drops, and keeps the others", async () => {
    const { agent } = await actor(t, Role.NEWS_PARTNER);
    const [first, second, image] = [
      await uploaded(agent, SAMPLES.pdf),
      await uploaded(agent, SAMPLES.docx),
      await uploaded(agent, SAMPLES.jpeg),
    ];
    const input = mediaInput({
      article: delta({ insert: "Photo :\n" }, { insert: { image: image.link } }, { insert: "\n" }),
      files: [fileInput(first), fileInput(second)],
    });
    const created = await agent.graphql(CREATE_MEDIA, { input });
    const id = created.data.createMedia.id;

    const answer = await GRAPHQL_WRITES.update(agent, id, {
      ...input,
      article: delta({ insert: "Sans photo\n" }),
      files: [fileInput(second)],
    });
    expect(answer.code).toBeUndefined();
    expect(await served(first.link)).toBe(404);
    expect(await served(image.link)).toBe(404);
    expect(await served(second.link)).toBe(200);
    expect((await repo().findOneByOrFail({ id })).files).toEqual([
      { path: second.link, name: SAMPLES.docx.name, type: SAMPLES.docx.mime },
    ]);
  });

  it("never removes a file that belongs to someone else's media", async () => {
    const ds = t.portal.dataSource;
    const owner = await actor(t, Role.NEWS_PARTNER);
    const attacker = await actor(t, Role.NEWS_PARTNER);
    const photo = await uploaded(owner.agent, SAMPLES.png);
    const theirs = await owner.agent.graphql(CREATE_MEDIA, { input: mediaInput({ files: [fileInput(photo)] }) });
    expect(theirs.errors).toBeUndefined();

    // The link is public; anyone may show it in an article body.
    const mine = await attacker.agent.graphql(CREATE_MEDIA, {
      input: mediaInput({ article: delta({ insert: "Joli\n" }, { insert: { image: photo.link } }, { insert: "\n" }) }),
    });
    expect(mine.errors).toBeUndefined();
    expect(await GRAPHQL_WRITES.remove(attacker.agent, mine.data.createMedia.id)).toEqual({
      status: 200,
      id: undefined,
    });

    expect(await served(photo.link)).toBe(200);
    const row = await ds.getRepository(Media).findOneByOrFail({ id: theirs.data.createMedia.id });
    expect(row.files.map((file) => file.path)).toEqual([photo.link]);
    // Once no media uses it, deleting the last one removes it.
    expect(await GRAPHQL_WRITES.remove(owner.agent, row.id)).toEqual({ status: 200, id: undefined });
    expect(await served(photo.link)).toBe(404);
  });

  it("never removes a picture another media shows as its own (demo and imported articles)", async () => {
    const ds = t.portal.dataSource;
    const owner = await actor(t, Role.NEWS_PARTNER);
    const other = await actor(t, Role.NEWS_PARTNER);
    const photo = await uploaded(owner.agent, SAMPLES.png);
    const theirs = await owner.agent.graphql(CREATE_MEDIA, { input: mediaInput() });
    expect(theirs.errors).toBeUndefined();
    // A picture given apart from the files and text, as imported articles have it (written by
    // the portal's writer, as an import does: with its facet rows).
    const imported = await ds.getRepository(Media).findOneByOrFail({ id: theirs.data.createMedia.id });
    await t.portal.services.media.save({ ...imported, mainPicture: photo.link });

    const mine = await other.agent.graphql(CREATE_MEDIA, {
      input: mediaInput({
        article: delta({ insert: "Même photo\n" }, { insert: { image: photo.link } }, { insert: "\n" }),
      }),
    });
    expect(mine.errors).toBeUndefined();
    const id = mine.data.createMedia.id;
    // Dropped from the body by an edit, then the media deleted: the other media still shows it.
    expect((await GRAPHQL_WRITES.update(other.agent, id, mediaInput())).code).toBeUndefined();
    expect(await served(photo.link)).toBe(200);
    expect(await GRAPHQL_WRITES.remove(other.agent, id)).toEqual({ status: 200, id: undefined });
    expect(await served(photo.link)).toBe(200);

    // Its own picture goes with the last media that shows it.
    expect(await GRAPHQL_WRITES.remove(owner.agent, theirs.data.createMedia.id)).toEqual({
      status: 200,
      id: undefined,
    });
    expect(await served(photo.link)).toBe(404);
  });

  it("keeps a file another media links to in its text, found without reading the articles", async () => {
    const ds = t.portal.dataSource;
    const owner = await actor(t, Role.NEWS_PARTNER);
    const other = await actor(t, Role.NEWS_PARTNER);
    const [programme, form] = [await uploaded(owner.agent, SAMPLES.pdf), await uploaded(owner.agent, SAMPLES.docx)];
    const theirs = await owner.agent.graphql(CREATE_MEDIA, {
      input: mediaInput({ files: [fileInput(programme), fileInput(form)] }),
    });
    expect(theirs.errors).toBeUndefined();
    // Linked from another article's text: a link on words, and an address written out.
    const mine = await other.agent.graphql(CREATE_MEDIA, {
      input: mediaInput({
        article: delta(
          { insert: "Le programme", attributes: { link: `${t.url}${programme.link}` } },
          { insert: ` et le formulaire : ${t.url}${form.link}\n` },
        ),
      }),
    });
    expect(mine.errors).toBeUndefined();
    expect((await ds.getRepository(Media).findOneByOrFail({ id: mine.data.createMedia.id })).article).toContain(
      programme.link,
    );

    const statements = await recordStatements(ds, async () => {
      expect(await GRAPHQL_WRITES.remove(owner.agent, theirs.data.createMedia.id)).toEqual({
        status: 200,
        id: undefined,
      });
    });
    expect([await served(programme.link), await served(form.link)]).toEqual([200, 200]);
    // One look-up in the facet index for both files; no article is read.
    const lookups = statements.filter(({ query }) => /\bfile\b/.test(query) && /media_facet/.test(query));
    expect(lookups).toHaveLength(1);
    expect(statements.filter(({ query }) => /article\W+LIKE/i.test(query))).toEqual([]);
  });

  it("gives existing media their file rows when the database is migrated", async () => {
    const ds = t.portal.dataSource;
    const { agent } = await actor(t, Role.NEWS_PARTNER);
    const [pdf, image] = [await uploaded(agent, SAMPLES.pdf), await uploaded(agent, SAMPLES.png)];
    const created = await agent.graphql(CREATE_MEDIA, {
      input: mediaInput({
        article: delta({ insert: "Photo :\n" }, { insert: { image: image.link } }, { insert: "\n" }),
        files: [fileInput(pdf)],
      }),
    });
    expect(created.errors).toBeUndefined();
    const id = created.data.createMedia.id;
    const fileRows = async () =>
      (await ds.query("SELECT value FROM media_facet WHERE mediaId = ? AND facet = 'file' ORDER BY value", [id])).map(
        (row: { value: string }) => row.value,
      );
    const written = await fileRows();
    expect(written).toEqual([pdf.link.toLowerCase(), image.link.toLowerCase()].sort());

    // An article that cites 4,000 files in its text: more rows than SQLite takes in one statement.
    const cited = Array.from({ length: 4000 }, (_, n) => `/uploads/${String(n).padStart(22, "c")}.pdf`);
    const long = await agent.graphql(CREATE_MEDIA, {
      input: mediaInput({ article: delta({ insert: `Les comptes rendus : ${cited.join(" ")}\n` }) }),
    });
    expect(long.errors).toBeUndefined();
    const citedRows = async () =>
      Number(
        (
          await ds.query("SELECT COUNT(*) AS total FROM media_facet WHERE mediaId = ? AND facet = 'file'", [
            long.data.createMedia.id,
          ])
        )[0].total,
      );
    expect(await citedRows()).toBe(4000);

    // A database from before the migration: the media without their file rows.
    await ds.query("DELETE FROM media_facet WHERE facet = 'file'");
    expect(await t.portal.services.media.linksInUse([pdf.link])).toEqual(new Set());
    const runner = ds.createQueryRunner();
    try {
      await new UploadLinks1765065600000().up(runner);
    } finally {
      await runner.release();
    }
    expect(await fileRows()).toEqual(written);
    expect(await citedRows()).toBe(4000);
    expect(await t.portal.services.media.linksInUse([pdf.link, image.link, "/uploads/inconnu.pdf"])).toEqual(
      new Set([pdf.link, image.link]),
    );
    // A link no upload can have is kept whatever the media say (nothing is removed on a guess).
    expect(await t.portal.services.media.linksInUse(["/uploads/2019/affiche été.pdf"])).toEqual(
      new Set(["/uploads/2019/affiche été.pdf"]),
    );
  });
});
