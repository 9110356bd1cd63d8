import { defined, firstGiven, frenchDateTime, point, sentAs } from "./codecs";
import { categories, MEDIA_FIELDS, networks, presentMedia } from "./presenters";
import type { RestRoute } from "./routes";

type Row = Record<string, unknown>;

/**
 * A legacy media body as MediaInput: enum values to names; the article may come as a delta
 * object. Optional fields left blank ("" for title, description, eventAddress, dates…) are
 * absent; a blank article is passed on for MediaInput's own message.
 */
const mediaInput = (body: Row) =>
  defined(
    {
      title: body.title,
      article: body.article && typeof body.article === "object" ? JSON.stringify(body.article) : body.article,
      description: body.description,
      categories: categories.toGraphql(body.categories),
      ages: body.ages,
      thematics: firstGiven(body.thematics, body.thematic),
      networks: networks.toGraphql(body.networks),
      epci: body.epci,
      city: body.city,
      // Spec §3: a media's places as names of towns and EPCIs together; given, they say them all.
      locations: body.locations,
      files: Array.isArray(body.files)
        ? body.files.map((file: Row) =>
            defined({ path: file?.path, name: file?.name, type: file?.type }, ["path", "name", "type"]),
          )
        : body.files,
      eventFrom: frenchDateTime(body.eventFrom),
      eventTo: frenchDateTime(body.eventTo),
      eventAddress: body.eventAddress,
      // Extensions: the organiser's public contact on an event.
      contactEmail: body.contactEmail,
      contactPhone: body.contactPhone,
      registrationUrl: body.registrationUrl,
      location: point(body.location),
      // Extensions: "published", "draft" or "scheduled" (any case) with publishAt; absent, a new
      // article is published and an edited one keeps its state.
      publication: typeof body.publication === "string" ? body.publication.toUpperCase() : body.publication,
      publishAt: frenchDateTime(body.publishAt),
    },
    ["article"],
  );

/** The media field a legacy client spells its own way (spec §7: `thematic`). */
const mediaNames = ({ body }: { body: Row }) => ({ thematics: sentAs(body, "thematics", "thematic") });

export const mediaWriteRoutes: RestRoute[] = [
  {
    method: "POST",
    path: "/media/add",
    document: `mutation RestCreateMedia($input: MediaInput!) { createMedia(input: $input) { id } }`,
    variables: ({ body }) => ({ input: mediaInput(body) }),
    sentNames: mediaNames,
    // Spec §7: the answer is the new id.
    present: ({ id }: { id: string }) => id,
    status: 201,
  },
  {
    method: "PUT",
    path: "/media/update/:id",
    document: `mutation RestUpdateMedia($id: ID!, $input: MediaInput!) { updateMedia(id: $id, input: $input) { ${MEDIA_FIELDS} } }`,
    variables: ({ params, body }) => ({ id: params.id, input: mediaInput(body) }),
    sentNames: mediaNames,
    present: presentMedia,
  },
  {
    method: "DELETE",
    path: "/media/delete/:id",
    document: `mutation RestDeleteMedia($id: ID!) { deleteMedia(id: $id) }`,
    variables: ({ params }) => ({ id: params.id }),
    present: () => ({ message: "Article supprimé." }),
  },
  {
    method: "POST",
    path: "/upload",
    document: `mutation RestUpload($file: Upload!) { uploadFile(file: $file) { link name type } }`,
    variables: ({ file }) => ({ file }),
    present: (result: { link: string; name: string; type: string }) => result,
    multipartFile: "file",
  },
];
