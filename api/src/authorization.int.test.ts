import { describe, expect, it } from "vitest";
import { actor } from "../test/agent";
import { useTestPortal } from "../test/portal";
import { Role } from "./modules/reference/reference.data";

const CREATE_USER = `mutation ($input: UserInput!) { createUser(input: $input) { id } }`;
const CREATE_MEDIA = `mutation ($input: MediaInput!) { createMedia(input: $input) { id } }`;
const BAD_USER = { name: "", surname: "", email: "pas-un-mail", phone: "x", role: "ADMIN", networks: [] };

describe("the role check comes before the input check", () => {
  const t = useTestPortal();

  it("tells a visitor to sign in, whatever the input, on GraphQL and REST", async () => {
    const { agent } = await actor(t, "visitor");
    const graphql = await agent.graphql(CREATE_USER, { input: BAD_USER });
    expect(graphql.errors?.[0].extensions?.code).toBe("UNAUTHENTICATED");
    const media = await agent.graphql(CREATE_MEDIA, {
      input: { article: "{oops", categories: [], ages: [], thematics: [] },
    });
    expect(media.errors?.[0].extensions?.code).toBe("UNAUTHENTICATED");
    const rest = await agent.rest("POST", "/api/users/add", BAD_USER);
    expect(rest.status).toBe(401);
  });

  it("tells a partner that user management is for administrators, whatever the input", async () => {
    const { agent } = await actor(t, Role.FULL_PARTNER);
    const graphql = await agent.graphql(CREATE_USER, { input: BAD_USER });
    expect(graphql.errors?.[0]).toMatchObject({
      message: "Vous n'avez pas les droits nécessaires pour effectuer cette action.",
      extensions: { code: "FORBIDDEN" },
    });
    // Well-typed but invalid (size over 100): still the role first.
    expect((await agent.rest("GET", "/api/users/search?size=500")).status).toBe(403);
  });

  it("lets an administrator through to the input check", async () => {
    const { agent } = await actor(t, Role.ADMIN);
    const graphql = await agent.graphql(CREATE_USER, { input: BAD_USER });
    expect(graphql.errors?.[0].extensions?.code).toBe("BAD_USER_INPUT");
  });
});
