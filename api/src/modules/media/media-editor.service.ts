import { ForbiddenError, NotFoundError, ValidationError } from "../../errors";
import { requirePartner } from "../../policies/account.policy";
import { allowedNetworks, canEditMedia, canReadMedia } from "../../policies/media.policy";
import { canAttachUpload } from "../../policies/upload.policy";
import type { Viewer } from "../../policies/viewer";
import { ARTICLE_MESSAGES, eventEndProblem, eventStartProblem, scheduleProblem } from "../../shared/article-rules";
import { AuditAction, AuditItemType } from "../audit/audit-entry.entity";
import { type AuditService, changedFields } from "../audit/audit.service";
import { cleanQuillDocument } from "../common/quill-document";
import type { GeoService } from "../geo/geo.service";
import { Category } from "../reference/reference.data";
import { UPLOAD_PREFIX } from "../uploads/upload-links";
import { type UploadService } from "../uploads/upload.service";
import { type Media, MediaFile, PublicationStatus } from "./media.entity";
import type { MediaInput } from "./media.inputs";
import type { MediaService } from "./media.service";
import { MEDIA_NOT_FOUND } from "../../shared/rules";

/** The fields of a media the audit trail names when they change. */
const AUDITED_MEDIA_FIELDS = [
  "title",
  "article",
  "description",
  "mainPicture",
  "categories",
  "ages",
  "thematics",
  "networks",
  "epci",
  "city",
  "files",
  "eventFrom",
  "eventTo",
  "eventAddress",
  "contactEmail",
  "contactPhone",
  "registrationUrl",
  "publication",
  "publishAt",
] as const satisfies readonly (keyof Media)[];

const invalid = (field: string, message: string) => new ValidationError(message, { [field]: message });

/** « Lieu inconnu : « Paris ». Indiquez une commune ou une intercommunalité du département. » */
const unknownPlaces = (names: readonly string[]) => {
  const quoted = names.map((name) => `« ${name} »`).join(", ");
  return names.length === 1
    ? `Lieu inconnu : ${quoted}. Indiquez une commune ou une intercommunalité du département.`
    : `Lieux inconnus : ${quoted}. Indiquez des communes ou des intercommunalités du département.`;
};

/** Writing media: create, update, delete, each checked against the policies. */
export class MediaEditorService {
  constructor(
    private readonly media: MediaService,
    private readonly uploads: UploadService,
    private readonly geo: GeoService,
    private readonly audit: AuditService,
  ) {}

  async create(viewer: Viewer, input: MediaInput): Promise<Media> {
    const author = requirePartner(viewer);
    const fields = await this.checked(viewer, input, null);
    const saved = await this.media.save({ ...fields, ...publication(input, null, new Date()), userIds: [author.id] });
    await this.trace(viewer, saved, AuditAction.CREATE, changedFields(null, saved, AUDITED_MEDIA_FIELDS));
    return saved;
  }

  async update(viewer: Viewer, id: string, input: MediaInput): Promise<Media> {
    requirePartner(viewer);
    const current = await this.editable(viewer, id);
    const fields = await this.checked(viewer, input, current);
    const saved = await this.media.save({
      ...fields,
      ...publication(input, current, new Date()),
      id,
      userIds: current.userIds,
    });
    const action = saved.published && !current.published ? AuditAction.PUBLISH : AuditAction.UPDATE;
    await this.trace(viewer, saved, action, changedFields(current, saved, AUDITED_MEDIA_FIELDS));
    await this.removeUnused(droppedFiles(current, saved));
    return saved;
  }

  async remove(viewer: Viewer, id: string): Promise<void> {
    requirePartner(viewer);
    const current = await this.editable(viewer, id, "supprimer");
    await this.media.remove(id);
    await this.trace(viewer, current, AuditAction.DELETE, []);
    await this.removeUnused(droppedFiles(current, null));
  }

  private trace(viewer: Viewer, media: Media, action: AuditAction, fields: string[]) {
    return this.audit.record(viewer, {
      itemType: AuditItemType.MEDIA,
      itemId: media.id,
      itemLabel: media.title,
      action,
      fields,
    });
  }

  /**
   * Removes the uploads no media uses any more. An upload's link is public, so
   * another media may show it too (e.g. as a body image): that one keeps it.
   */
  private async removeUnused(links: string[]): Promise<void> {
    const inUse = await this.media.linksInUse(links);
    await this.uploads.removeLinks(links.filter((link) => !inUse.has(link)));
  }

  /** A media the viewer may edit; one they may not even see is "not found". */
  private async editable(viewer: Viewer, id: string, verb: "modifier" | "supprimer" = "modifier"): Promise<Media> {
    const [media] = await this.media.findByIds([id]);
    if (!media || !canReadMedia(viewer, media)) throw new NotFoundError(MEDIA_NOT_FOUND);
    if (!canEditMedia(viewer, media)) throw new ForbiddenError(`Vous ne pouvez ${verb} que vos propres articles.`);
    return media;
  }

  private async checked(viewer: Viewer, input: MediaInput, current: Media | null) {
    const document = cleanQuillDocument(input.article);
    const title = (input.title?.trim() || document.firstHeading || "").replace(/\s+/g, " ");
    if (!title) throw invalid("title", ARTICLE_MESSAGES.title);
    if (!document.text.trim() && document.images.length === 0) throw invalid("article", ARTICLE_MESSAGES.article);

    const networks = [...new Set(input.networks)];
    const allowed = allowedNetworks(viewer);
    if (allowed !== "all" && networks.some((network) => !allowed.includes(network))) {
      throw invalid("networks", ARTICLE_MESSAGES.ownNetworksOnly);
    }

    const { epci, city, location } = await this.places(input);
    const event = this.eventFields(input, current);
    const files = await this.files(viewer, input, current);
    const description = input.description?.trim() || summary(document.text, title);

    return {
      title: title.slice(0, 255),
      article: document.json,
      description,
      categories: [...new Set(input.categories)],
      ages: [...new Set(input.ages)],
      thematics: [...new Set(input.thematics)],
      networks,
      epci,
      city,
      files,
      mainPicture:
        files.find((file) => file.type.startsWith("image/") && file.type !== "image/svg+xml")?.path ??
        document.images[0] ??
        pictureOfItsOwn(current),
      ...event,
      latitude: location?.lat ?? null,
      longitude: location?.lon ?? null,
    };
  }

  /**
   * EPCIs and towns must be the department's; the position defaults to the first town's. Places
   * given as `locations` (the spec's field: names of towns and EPCIs together) say them all.
   */
  private async places(input: MediaInput) {
    const { epci, city } = this.placeLists(input);
    const places = await this.geo.resolvePlaces({ epci, cities: city });
    if (places.unknownEpci.length)
      throw invalid("epci", `Intercommunalité inconnue : ${places.unknownEpci.join(", ")}.`);
    if (places.unknownCities.length) throw invalid("city", `Commune inconnue : ${places.unknownCities.join(", ")}.`);
    const location = input.location ?? places.firstLocation;
    return { epci, city, location };
  }

  /** The media's EPCIs and towns: from `locations` when it names any (each read as a town or an EPCI), else `epci` and `city`. */
  private placeLists(input: MediaInput): { epci: string[]; city: string[] } {
    const trimmed = (names: readonly string[]) => [...new Set(names.map((name) => name.trim()).filter(Boolean))];
    const locations = trimmed(input.locations ?? []);
    if (locations.length === 0) return { epci: trimmed(input.epci), city: trimmed(input.city) };
    const { cities, epci, unknown } = this.geo.placesNamed(locations);
    if (unknown.length > 0) throw invalid("locations", unknownPlaces(unknown));
    return { epci, city: cities };
  }

  /** Events need a start (not in the past when it is set or changed) and an end after it; other media keep no event field. */
  private eventFields(input: MediaInput, current: Media | null) {
    if (!input.categories.includes(Category.EVENT)) {
      return {
        eventFrom: null,
        eventTo: null,
        eventAddress: null,
        contactEmail: null,
        contactPhone: null,
        registrationUrl: null,
      };
    }
    const { eventFrom, eventTo } = input;
    if (!eventFrom) throw invalid("eventFrom", ARTICLE_MESSAGES.eventFromRequired);
    const unchanged = current?.eventFrom?.getTime() === eventFrom.getTime();
    const startProblem = eventStartProblem(eventFrom, unchanged);
    if (startProblem) throw invalid("eventFrom", startProblem);
    const endProblem = eventEndProblem(eventFrom, eventTo ?? null);
    if (endProblem) throw invalid("eventTo", endProblem);
    return {
      eventFrom,
      eventTo: eventTo ?? null,
      eventAddress: input.eventAddress?.trim() || null,
      // The organiser's public contact, shown on the event's page.
      contactEmail: input.contactEmail?.trim() || null,
      contactPhone: input.contactPhone?.trim() || null,
      registrationUrl: input.registrationUrl?.trim() || null,
    };
  }

  /**
   * Attached files must be the portal's own uploads: sent by the author (or an
   * admin), or already attached to this media. Their name and type come from
   * what the server stored, never from the client.
   */
  private async files(viewer: Viewer, input: MediaInput, current: Media | null): Promise<MediaFile[]> {
    const links = [...new Set(input.files.map((file) => file.path))];
    const stored = await this.uploads.byLinks(links);
    const attached = new Set(current?.files.map((file) => file.path) ?? []);
    return links.map((link) => {
      const file = stored.get(link);
      if (!file || !canAttachUpload(viewer, file, attached.has(link)))
        throw invalid("files", ARTICLE_MESSAGES.fileMissing);
      return Object.assign(new MediaFile(), { path: link, name: file.originalName, type: file.mimeType });
    });
  }
}

/**
 * Where the article stands after this write. Without a choice, a new article is published
 * and an edited one stays as it was. Published now (or again), it is dated now, which puts it
 * at the top of the lists; an article that stays published keeps its date. A schedule must be
 * in the future, within a year.
 */
function publication(
  input: MediaInput,
  current: Media | null,
  now: Date,
): { published: boolean; publishAt: Date | null; createdAt: Date } {
  const choice = input.publication ?? (current ? current.publication : PublicationStatus.PUBLISHED);
  if (input.publishAt && choice !== PublicationStatus.SCHEDULED) {
    throw invalid("publishAt", ARTICLE_MESSAGES.publishAtNotScheduled);
  }
  const createdAt = current?.createdAt ?? now;
  switch (choice) {
    case PublicationStatus.PUBLISHED:
      return { published: true, publishAt: null, createdAt: current?.published ? createdAt : now };
    case PublicationStatus.DRAFT:
      return { published: false, publishAt: null, createdAt };
    case PublicationStatus.SCHEDULED: {
      // An edit that keeps the schedule keeps its date (even one that has just passed).
      const publishAt = input.publishAt ?? (input.publication ? null : current?.publishAt) ?? null;
      if (!publishAt) throw invalid("publishAt", ARTICLE_MESSAGES.publishAtRequired);
      const kept = current?.publishAt?.getTime() === publishAt.getTime();
      const problem = scheduleProblem(publishAt, kept, now);
      if (problem) throw invalid("publishAt", problem);
      return { published: false, publishAt, createdAt };
    }
  }
}

/**
 * The opening of the text, up to 300 characters, for cards and previews. A first line that
 * repeats the title (its heading) is left out; the title's words elsewhere in the text stay.
 */
function summary(text: string, title: string): string | null {
  const [first, ...rest] = text.split("\n");
  const opensWithTitle = first.replace(/\s+/g, " ").trim() === title.trim();
  const body = (opensWithTitle ? rest.join("\n") : text).replace(/\s+/g, " ").trim();
  if (!body) return null;
  return body.length <= 300 ? body : `${body.slice(0, 297).replace(/\s+\S*$/, "")}…`;
}

/**
 * A picture the media was given apart from its files and text (demo content, imported articles):
 * kept through edits that bring no image of their own. A picture that was one of its files or body
 * images goes with them.
 */
function pictureOfItsOwn(current: Media | null): string | null {
  if (!current?.mainPicture) return null;
  const used = [...current.files.map((file) => file.path), ...imagesOf(current.article)];
  return used.includes(current.mainPicture) ? null : current.mainPicture;
}

/** Uploaded files a media no longer uses (its picture, attachments and body images). */
function droppedFiles(before: Media, after: Media | null): string[] {
  const used = (media: Media | null) =>
    new Set(
      media
        ? [
            ...media.files.map((file) => file.path),
            ...imagesOf(media.article),
            ...(media.mainPicture ? [media.mainPicture] : []),
          ]
        : [],
    );
  const kept = used(after);
  return [...used(before)].filter((link) => link.startsWith(UPLOAD_PREFIX) && !kept.has(link));
}

function imagesOf(article: string): string[] {
  try {
    return cleanQuillDocument(article).images;
  } catch {
    return [];
  }
}
