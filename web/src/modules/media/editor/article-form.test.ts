import { DateTime } from "luxon";
import { describe, expect, it } from "vitest";
import type { MediaFullFragment } from "../../../generated/media";
import { FILE_TOO_LARGE, FILE_TYPE_REFUSED, filesProblem, MAX_FILE_BYTES, TOO_MANY_FILES } from "../upload";
import {
  type ArticleFormValues,
  articleValuesFromMedia,
  availableNetworks,
  buildMediaInput,
  categoryFromParam,
  emptyArticleValues,
  INVALID_DATE,
  MESSAGES,
  parseDateTime,
  savedMessage,
  validateArticleForm,
} from "./article-form";
import { firstHeading, isDocumentEmpty, isSafeImageSource, parseDocument } from "../quill-document";

const NOW = DateTime.fromISO("2026-03-10T10:00:00", { zone: "Europe/Paris" });
const doc = (...ops: object[]) => JSON.stringify({ ops });

const filled: ArticleFormValues = {
  ...emptyArticleValues("NEW"),
  title: "  Fête du jeu  ",
  article: doc({ insert: "Venez jouer en famille.\n" }),
  ages: ["ENFANCE", "ENFANCE"],
  thematics: ["HOLIDAYS_LEISURE"],
  epci: ["CC du Haut Béarn"],
  city: ["Oloron-Sainte-Marie"],
};

const media: MediaFullFragment = {
  id: "m1",
  title: "Ludothèque",
  description: "Une ludothèque",
  createdAt: "2026-01-01T10:00:00.000Z",
  mainPicture: null,
  categories: ["NEW", "EVENT"],
  eventFrom: "2026-01-05T08:30:15.000Z",
  eventTo: "2026-01-05T16:00:00.000Z",
  eventAddress: "Place de la mairie",
  contactEmail: "ludo@pau.fr",
  contactPhone: null,
  registrationUrl: null,
  city: ["Pau"],
  location: { lat: 43.3, lon: -0.37 },
  article: doc({ insert: "Ludothèque" }, { insert: "\n", attributes: { header: 1 } }, { insert: "Texte\n" }),
  ages: ["ENFANCE"],
  thematics: ["HOLIDAYS_LEISURE"],
  epci: [],
  networks: ["RPE"],
  userIds: ["u1"],
  files: [{ path: "/uploads/abc.pdf", name: "Programme.pdf", type: "application/pdf" }],
  owner: null,
  viewerCan: { update: true, delete: true },
  publication: "PUBLISHED",
  publishAt: null,
};

describe("categoryFromParam", () => {
  it("reads the list links' parameter", () => {
    expect(categoryFromParam("resource")).toBe("RESOURCE");
    expect(categoryFromParam("Event")).toBe("EVENT");
    expect(categoryFromParam("new")).toBe("NEW");
    expect(categoryFromParam("autre")).toBeNull();
    expect(categoryFromParam(null)).toBeNull();
  });
});

describe("Quill documents", () => {
  it("finds the first level-one heading as the server does", () => {
    const ops = parseDocument(
      doc(
        { insert: "Intro\nSous-titre" },
        { insert: "\n", attributes: { header: 2 } },
        { insert: "Le " },
        { insert: "titre", attributes: { bold: true } },
        { insert: "\n", attributes: { header: 1 } },
      ),
    )!;
    expect(firstHeading(ops)).toBe("Le titre");
    expect(firstHeading(parseDocument(doc({ insert: "Texte\n" }))!)).toBeNull();
  });

  it("tells an empty document, an image counting as content", () => {
    expect(isDocumentEmpty([{ insert: " \n\n" }])).toBe(true);
    expect(isDocumentEmpty([{ insert: { image: "/uploads/a.png" } }, { insert: "\n" }])).toBe(false);
    expect(parseDocument("pas du JSON")).toBeNull();
  });

  it("accepts only uploads and https images", () => {
    expect(isSafeImageSource("/uploads/AbC_1-x.png")).toBe(true);
    expect(isSafeImageSource("https://exemple.fr/a.png")).toBe(true);
    expect(isSafeImageSource("data:image/png;base64,AAAA")).toBe(false);
    expect(isSafeImageSource("http://exemple.fr/a.png")).toBe(false);
    expect(isSafeImageSource("/uploads/../secret")).toBe(false);
  });
});

describe("parseDateTime", () => {
  it("reads DD/MM/YYYY HH:mm in Paris time", () => {
    expect(parseDateTime("01/07/2026 09:05")?.toUTC().toISO()).toBe("2026-07-01T07:05:00.000Z");
    expect(parseDateTime(" 1/7/2026  9:05 ")?.toUTC().toISO()).toBe("2026-07-01T07:05:00.000Z");
    expect(parseDateTime("15/01/2026 14:00")?.toUTC().toISO()).toBe("2026-01-15T13:00:00.000Z");
  });

  it("refuses what does not parse", () => {
    expect(parseDateTime("31/02/2026 10:00")).toBeNull();
    expect(parseDateTime("2026-07-01 10:00")).toBeNull();
    expect(parseDateTime("01/07/2026 25:00")).toBeNull();
    expect(parseDateTime("demain")).toBeNull();
  });
});

describe("validateArticleForm", () => {
  it("accepts a complete article", () => {
    expect(validateArticleForm(filled, { now: NOW })).toEqual({});
  });

  it("requires a title or a level-one heading, a body, a category, ages and thematics", () => {
    expect(validateArticleForm(emptyArticleValues(), { now: NOW })).toEqual({
      title: MESSAGES.title,
      article: MESSAGES.article,
      category: MESSAGES.category,
      ages: MESSAGES.ages,
      thematics: MESSAGES.thematics,
    });
    const headed = {
      ...filled,
      title: " ",
      article: doc({ insert: "Titre" }, { insert: "\n", attributes: { header: 1 } }),
    };
    expect(validateArticleForm(headed, { now: NOW })).toEqual({});
  });

  it("checks an event's dates", () => {
    const event = { ...filled, category: "EVENT" as const };
    expect(validateArticleForm(event, { now: NOW }).eventFrom).toBe(MESSAGES.eventFromRequired);
    expect(validateArticleForm({ ...event, eventFrom: "12/13/2026 10:00" }, { now: NOW }).eventFrom).toBe(INVALID_DATE);
    expect(validateArticleForm({ ...event, eventFrom: "09/03/2026 23:59" }, { now: NOW }).eventFrom).toBe(
      MESSAGES.eventFromPast,
    );
    // Earlier the same day is accepted, as on the server.
    expect(validateArticleForm({ ...event, eventFrom: "10/03/2026 08:00" }, { now: NOW })).toEqual({});
    const start = { ...event, eventFrom: "12/03/2026 10:00" };
    expect(validateArticleForm({ ...start, eventTo: "12/03/2026 09:00" }, { now: NOW }).eventTo).toBe(
      MESSAGES.eventToBeforeStart,
    );
    expect(validateArticleForm({ ...start, eventTo: "12/03/2026" }, { now: NOW }).eventTo).toBe(INVALID_DATE);
    expect(validateArticleForm({ ...start, eventTo: "12/03/2026 18:00" }, { now: NOW })).toEqual({});
    // Dates are ignored for other categories.
    expect(validateArticleForm({ ...filled, eventFrom: "n'importe quoi" }, { now: NOW })).toEqual({});
  });

  it("lets an edited event keep its past start", () => {
    const values = articleValuesFromMedia(media);
    expect(validateArticleForm(values, { now: NOW, original: media })).toEqual({});
    expect(validateArticleForm(values, { now: NOW }).eventFrom).toBe(MESSAGES.eventFromPast);
  });
});

describe("articleValuesFromMedia", () => {
  it("prefills the form", () => {
    const values = articleValuesFromMedia(media);
    expect(values.category).toBe("EVENT");
    expect(values.eventFrom).toBe("05/01/2026 09:30");
    expect(values.eventTo).toBe("05/01/2026 17:00");
    expect(values.files).toEqual([
      expect.objectContaining({ name: "Programme.pdf", existing: true, removed: false, file: null }),
    ]);
    expect(parseDocument(values.article)).toHaveLength(3);
  });
});

describe("buildMediaInput", () => {
  it("builds the MediaInput of a news item", () => {
    expect(buildMediaInput(filled)).toEqual({
      title: "Fête du jeu",
      article: filled.article,
      description: null,
      categories: ["NEW"],
      ages: ["ENFANCE"],
      thematics: ["HOLIDAYS_LEISURE"],
      networks: [],
      epci: ["CC du Haut Béarn"],
      city: ["Oloron-Sainte-Marie"],
      files: [],
      eventFrom: null,
      eventTo: null,
      eventAddress: null,
      contactEmail: null,
      contactPhone: null,
      registrationUrl: null,
      location: null,
      publication: "PUBLISHED",
      publishAt: null,
    });
    expect(buildMediaInput({ ...filled, title: "  " }).title).toBeNull();
  });

  it("sends an event's dates in ISO and its address", () => {
    const input = buildMediaInput({
      ...filled,
      category: "EVENT",
      eventFrom: "12/03/2026 10:00",
      eventTo: "12/03/2026 18:30",
      eventAddress: "  Salle des fêtes ",
    });
    expect(input.eventFrom).toBe("2026-03-12T09:00:00.000Z");
    expect(input.eventTo).toBe("2026-03-12T17:30:00.000Z");
    expect(input.eventAddress).toBe("Salle des fêtes");
  });

  it("checks and sends the organiser's contact of an event only", () => {
    const event = {
      ...filled,
      category: "EVENT" as const,
      eventFrom: "12/03/2030 10:00",
      contactEmail: " ludo@pau.fr ",
      contactPhone: "05 59 27 85 80",
      registrationUrl: "https://www.pau.fr/inscription",
    };
    expect(validateArticleForm(event)).toEqual({});
    expect(buildMediaInput(event)).toMatchObject({
      contactEmail: "ludo@pau.fr",
      contactPhone: "05 59 27 85 80",
      registrationUrl: "https://www.pau.fr/inscription",
    });
    expect(
      validateArticleForm({ ...event, contactEmail: "ludo@", contactPhone: "12", registrationUrl: "www.pau.fr" }),
    ).toEqual({
      contactEmail: "L'adresse e-mail de l'organisateur n'est pas valide.",
      contactPhone: "Le téléphone de l'organisateur n'est pas valide.",
      registrationUrl: "Le lien d'inscription doit être une adresse http(s).",
    });
    expect(buildMediaInput({ ...event, category: "NEW" })).toMatchObject({ contactEmail: null, registrationUrl: null });
    expect(articleValuesFromMedia(media).contactEmail).toBe("ludo@pau.fr");
  });

  it("keeps the edited media's exact dates, position and kept files", () => {
    const values = articleValuesFromMedia(media);
    const input = buildMediaInput(values, media);
    expect(input.eventFrom).toBe(media.eventFrom);
    expect(input.location).toEqual({ lat: 43.3, lon: -0.37 });
    expect(input.files).toEqual([{ path: "/uploads/abc.pdf", name: "Programme.pdf", type: "application/pdf" }]);
    expect(input.categories).toEqual(["EVENT"]);

    const moved = buildMediaInput(
      { ...values, city: ["Lescar"], files: [{ ...values.files[0], removed: true }] },
      media,
    );
    expect(moved.location).toBeNull();
    expect(moved.files).toEqual([]);
  });

  it("refuses files not uploaded yet", () => {
    const pending = { key: "n1", name: "a.pdf", stored: null, file: null, existing: false, removed: false };
    expect(() => buildMediaInput({ ...filled, files: [pending] })).toThrow();
  });
});

describe("availableNetworks", () => {
  const options = (["ALL", "RPE", "EAJE", "PDN"] as const).map((value) => ({ value, label: value }));
  const values = (list: { value: string }[]) => list.map((option) => option.value);

  it("offers the networks the server allows, « Tous les réseaux » when the profile allows it", () => {
    expect(values(availableNetworks(options, ["RPE"]))).toEqual(["RPE"]);
    expect(values(availableNetworks(options, ["ALL", "RPE", "EAJE", "PDN"]))).toEqual(["ALL", "RPE", "EAJE", "PDN"]);
    expect(availableNetworks(options, [])).toEqual([]);
  });

  it("keeps the networks the article already has, so they can be unchecked", () => {
    expect(values(availableNetworks(options, ["RPE"], ["PDN"]))).toEqual(["RPE", "PDN"]);
    expect(values(availableNetworks(options, [], ["ALL"]))).toEqual(["ALL"]);
  });
});

describe("file checks", () => {
  const pdf = { name: "a.pdf", size: 1000, type: "application/pdf" };
  it("limits attachments to 6 files of 10 Mo, of accepted types", () => {
    expect(filesProblem(0, [pdf])).toBeNull();
    expect(filesProblem(5, [pdf, pdf])).toBe(TOO_MANY_FILES);
    expect(filesProblem(0, [{ ...pdf, size: MAX_FILE_BYTES + 1 }])).toBe(FILE_TOO_LARGE);
    expect(filesProblem(0, [{ ...pdf, size: MAX_FILE_BYTES }])).toBeNull();
    expect(filesProblem(0, [{ name: "script.exe", size: 10, type: "application/x-msdownload" }])).toBe(
      FILE_TYPE_REFUSED,
    );
    expect(filesProblem(0, [{ name: "Compte rendu.ODT", size: 10, type: "" }])).toBeNull();
  });
});

describe("publication", () => {
  const scheduled = (publishAt: string): ArticleFormValues => ({ ...filled, publication: "SCHEDULED", publishAt });

  it("asks a schedule for a date to come, within a year, and sends it in Paris time", () => {
    expect(validateArticleForm(scheduled(""), { now: NOW }).publishAt).toBe(MESSAGES.publishAtRequired);
    expect(validateArticleForm(scheduled("32/03/2026 10:00"), { now: NOW }).publishAt).toBe(INVALID_DATE);
    expect(validateArticleForm(scheduled("10/03/2026 10:00"), { now: NOW }).publishAt).toBe(MESSAGES.publishAtPast);
    expect(validateArticleForm(scheduled("12/03/2027 10:00"), { now: NOW }).publishAt).toBe(MESSAGES.publishAtTooFar);
    expect(validateArticleForm(scheduled("10/03/2026 10:05"), { now: NOW })).toEqual({});
    expect(buildMediaInput(scheduled("29/03/2026 03:30"))).toMatchObject({
      publication: "SCHEDULED",
      publishAt: "2026-03-29T01:30:00.000Z",
    });
    // A date typed, then « Enregistrer comme brouillon » chosen: no date is sent.
    expect(buildMediaInput({ ...scheduled("29/03/2026 03:30"), publication: "DRAFT" }).publishAt).toBeNull();
    expect(validateArticleForm({ ...scheduled("n'importe quoi"), publication: "DRAFT" }, { now: NOW })).toEqual({});
  });

  it("keeps an edited article's schedule as it was, even once its minute has come", () => {
    const original = { ...media, publication: "SCHEDULED" as const, publishAt: "2026-03-10T08:59:42.000Z" };
    const values = articleValuesFromMedia(original);
    expect(values).toMatchObject({ publication: "SCHEDULED", publishAt: "10/03/2026 09:59" });
    expect(validateArticleForm(values, { now: NOW, original })).toEqual({});
    expect(buildMediaInput(values, original).publishAt).toBe("2026-03-10T08:59:42.000Z");
  });

  it("tells the author what became of the article", () => {
    expect(savedMessage({ publication: "PUBLISHED" }, null)).toBe("Article publié");
    expect(savedMessage({ publication: "PUBLISHED" }, "DRAFT")).toBe("Article publié");
    expect(savedMessage({ publication: "PUBLISHED" }, "PUBLISHED")).toBe("Modifications sauvegardées");
    expect(savedMessage({ publication: "DRAFT" }, "PUBLISHED")).toMatch(/^Brouillon enregistré/);
    expect(savedMessage({ publication: "SCHEDULED", publishAt: "2026-03-29T01:30:00.000Z" }, null)).toBe(
      "Article programmé : il sera publié le 29/03/2026 à 03:30",
    );
  });
});
