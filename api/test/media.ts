import { type DataSource } from "typeorm";
import { MediaFacet } from "../src/modules/media/media-facet.entity";
import { Media } from "../src/modules/media/media.entity";
import { UploadedFile } from "../src/modules/uploads/uploaded-file.entity";
import { httpStatusFor } from "../src/http/rest/errors";
import { type Agent } from "./agent";

/** Every field of a media, as the web client reads it (owner and viewerCan included). */
export const MEDIA_GQL_FIELDS = `id title article description createdAt mainPicture categories userIds
  files { path name type } ages thematics epci city networks eventFrom eventTo eventAddress
  location { lat lon } owner { id name surname } viewerCan { update delete }`;

export const MEDIA_DETAIL = `query ($id: ID!) { media(id: $id) { ${MEDIA_GQL_FIELDS} } }`;
export const MEDIA_SEARCH = `query ($input: MediaSearchInput!) {
  mediaSearch(input: $input) { count results { ${MEDIA_GQL_FIELDS} } } }`;
export const CREATE_MEDIA = `mutation ($input: MediaInput!) { createMedia(input: $input) { ${MEDIA_GQL_FIELDS} } }`;
export const UPDATE_MEDIA = `mutation ($id: ID!, $input: MediaInput!) { updateMedia(id: $id, input: $input) { ${MEDIA_GQL_FIELDS} } }`;
export const DELETE_MEDIA = `mutation ($id: ID!) { deleteMedia(id: $id) }`;

/** A Quill document (delta JSON) from its operations. */
export const delta = (...ops: unknown[]): string => JSON.stringify({ ops });

/** A valid MediaInput (GraphQL enum names); `fields` override. */
export function mediaInput(fields: Record<string, unknown> = {}): Record<string, any> {
  return {
    title: "Atelier d'éveil musical",
    article: delta({ insert: "Un atelier pour les tout-petits et leurs parents.\n" }),
    categories: ["NEW"],
    ages: ["PETITE_ENFANCE"],
    thematics: ["PARENT_CHILD_RELATIONSHIPS"],
    ...fields,
  };
}

/** A MediaFileInput for an uploaded file (as the web client sends it back). */
export const fileInput = (file: { link: string; name: string; type: string }) => ({
  path: file.link,
  name: file.name,
  type: file.type,
});

/** The same input as a legacy REST body: enum values ("new", "all"), the article as a delta object. */
export function legacyBody(input: Record<string, any>): Record<string, unknown> {
  const body: Record<string, unknown> = { ...input };
  if (Array.isArray(input.categories)) body.categories = input.categories.map((name: string) => name.toLowerCase());
  if (Array.isArray(input.networks))
    body.networks = input.networks.map((name: string) => (name === "ALL" ? "all" : name));
  if (typeof input.article === "string") {
    try {
      body.article = JSON.parse(input.article);
    } catch {
      // an unreadable article is sent as is
    }
  }
  return body;
}

/** What one write answered, the same way for GraphQL and REST. */
export interface WriteOutcome {
  status: number;
  code?: string;
  message?: string;
  fields?: Record<string, string>;
  /** The id of the media created (create only). */
  id?: string;
}

export interface WriteRoute {
  name: "GraphQL" | "REST";
  create(agent: Agent, input: Record<string, unknown>): Promise<WriteOutcome>;
  update(agent: Agent, id: string, input: Record<string, unknown>): Promise<WriteOutcome>;
  remove(agent: Agent, id: string): Promise<WriteOutcome>;
  /** The HTTP status of a refusal with this code. */
  statusFor(code: string): number;
}

async function gqlWrite(agent: Agent, query: string, variables: Record<string, unknown>): Promise<WriteOutcome> {
  const result = await agent.graphql(query, variables);
  const error = result.errors?.[0];
  if (error) {
    return {
      status: result.status,
      code: error.extensions?.code as string,
      message: error.message,
      fields: error.extensions?.fields as Record<string, string> | undefined,
    };
  }
  const data = result.data as Record<string, any>;
  return { status: result.status, id: data.createMedia?.id };
}

async function restWrite(agent: Agent, method: string, path: string, body?: unknown): Promise<WriteOutcome> {
  const response = await agent.rest(method, path, body);
  if (response.status >= 400) {
    return {
      status: response.status,
      code: response.body.code,
      message: response.body.message,
      fields: response.body.fields,
    };
  }
  return { status: response.status, id: method === "POST" ? response.body : undefined };
}

export const GRAPHQL_WRITES: WriteRoute = {
  name: "GraphQL",
  create: (agent, input) => gqlWrite(agent, CREATE_MEDIA, { input }),
  update: (agent, id, input) => gqlWrite(agent, UPDATE_MEDIA, { id, input }),
  remove: (agent, id) => gqlWrite(agent, DELETE_MEDIA, { id }),
  statusFor: () => 200,
};

export const REST_WRITES: WriteRoute = {
  name: "REST",
  create: (agent, input) => restWrite(agent, "POST", "/api/media/add", legacyBody(input)),
  update: (agent, id, input) =>
    restWrite(agent, "PUT", `/api/media/update/${encodeURIComponent(id)}`, legacyBody(input)),
  remove: (agent, id) => restWrite(agent, "DELETE", `/api/media/delete/${encodeURIComponent(id)}`),
  statusFor: httpStatusFor,
};

export const WRITE_ROUTES: WriteRoute[] = [GRAPHQL_WRITES, REST_WRITES];

/** The expected outcome of a refusal through a route. */
export const refusal = (route: WriteRoute, code: string, message: string) => ({
  status: route.statusFor(code),
  code,
  message,
});

/** Everything a media write may change: media rows, facets, uploads. */
export async function mediaSnapshot(dataSource: DataSource) {
  return {
    media: await dataSource.getRepository(Media).find({ order: { id: "ASC" } }),
    facets: await dataSource.getRepository(MediaFacet).find({ order: { mediaId: "ASC", facet: "ASC", value: "ASC" } }),
    uploads: await dataSource.getRepository(UploadedFile).find({ order: { id: "ASC" } }),
  };
}
