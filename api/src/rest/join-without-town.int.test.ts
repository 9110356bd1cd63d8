import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { actor, newAgent } from "../../test/agent";
import { FakeGeocoder } from "../../test/fake-geocoder";
import { useTestPortal } from "../../test/portal";
import { Role, UserStatus } from "../modules/reference/reference.data";
import { User } from "../modules/users/user.entity";
import { TOWN_TO_ACCEPT_MESSAGE } from "../shared/form-rules";

/**
 * The spec's partner request has no town (§3 and §7): it is found from the address (the town
 * list, then the address service), else the administrator gives it when validating.
 */

const fake = new FakeGeocoder();
beforeAll(() => fake.start());
afterAll(() => fake.stop());
beforeEach(() => {
  fake.mode = "ok";
  fake.requests.length = 0;
});

const JOINED = "Votre demande de partenariat a bien été envoyée. Vous recevrez un email lorsqu'elle sera validée.";

/** The join payload of spec §3 and §7: email, name, surname, justify, phone, fullAddress, role (no town). */
const joinPayload = (fields: Record<string, unknown> = {}) => ({
  email: "ainhoa.etchegaray@example.org",
  name: "Etchegaray",
  surname: "Ainhoa",
  justify: "Directrice de la crèche Les Lutins.",
  phone: "05 59 12 34 56",
  fullAddress: "12 Rue des Cordeliers, 64000 Pau",
  role: "FULL_PARTNER",
  ...fields,
});

/** An address without a postcode: only the address service can tell its town. */
const TOWNLESS = joinPayload({ fullAddress: "12 Rue des Cordeliers" });

describe("legacy REST partner requests, without a town", () => {
  const t = useTestPortal(() => ({ GEOCODER_URL: fake.url, GEOCODER_TIMEOUT_MS: "300" }));
  const users = () => t.portal.dataSource.getRepository(User);
  const request = () => users().findOneByOrFail({ email: "ainhoa.etchegaray@example.org" });

  describe("POST /api/users/join without a town", () => {
    it("takes the town from the address's postcode and name, from the town list, with the address service down", async () => {
      fake.mode = "error";
      const response = await newAgent(t).rest("POST", "/api/users/join", joinPayload());
      expect(response).toMatchObject({ status: 201, body: { message: JOINED } });
      expect(await request()).toMatchObject({
        status: UserStatus.LOCAL,
        role: Role.FULL_PARTNER,
        fullAddress: "12 Rue des Cordeliers, 64000 Pau",
        city: "Pau",
        epci: "CA Pau Béarn Pyrénées",
      });
      // The town list is enough: the address service is not asked.
      expect(fake.requests).toHaveLength(0);
      // A street named after another town, and a postcode shared by several towns: the name
      // decides (64230: Lescar, Poey-de-Lescar and others).
      const email = "lescar@example.org";
      const shared = joinPayload({ email, fullAddress: "4 chemin de Pau, 64230 Lescar" });
      expect((await newAgent(t).rest("POST", "/api/users/join", shared)).status).toBe(201);
      expect(await users().findOneByOrFail({ email })).toMatchObject({ city: "Lescar" });
      const longer = joinPayload({
        email: "poey@example.org",
        fullAddress: "1 place de l'Église 64230 Poey-de-Lescar",
      });
      expect((await newAgent(t).rest("POST", "/api/users/join", longer)).status).toBe(201);
      expect(await users().findOneByOrFail({ email: "poey@example.org" })).toMatchObject({ city: "Poey-de-Lescar" });
      expect(fake.requests).toHaveLength(0);
    });

    it("takes the town from the address service when the address has no postcode", async () => {
      const body = joinPayload({ fullAddress: "12 Rue des Cordeliers Pau" });
      expect((await newAgent(t).rest("POST", "/api/users/join", body)).status).toBe(201);
      expect(await request()).toMatchObject({ city: "Pau", epci: "CA Pau Béarn Pyrénées" });
      expect(fake.requests).toHaveLength(1);
    });

    it.each([
      ["absent", {}],
      ["null", { townCode: null }],
      ['""', { townCode: "" }],
    ])("accepts a town %s, and an address naming another town's street finds that town", async (_name, town) => {
      const body = joinPayload({ ...town, fullAddress: "3 rue des Cordeliers Bayonne" });
      expect((await newAgent(t).rest("POST", "/api/users/join", body)).status).toBe(201);
      expect(await request()).toMatchObject({ city: "Bayonne", epci: "CA du Pays Basque" });
    });

    it("leaves the town to the administrator when the address is ambiguous, unknown or blank", async () => {
      for (const [index, fullAddress] of ["Rue des Cordeliers", "Lieu-dit Nulle Part", "", null].entries()) {
        const email = `demande${index}@example.org`;
        const response = await newAgent(t).rest("POST", "/api/users/join", joinPayload({ email, fullAddress }));
        expect(response.status).toBe(201);
        expect(await users().findOneByOrFail({ email })).toMatchObject({
          city: null,
          epci: null,
          fullAddress: typeof fullAddress === "string" && fullAddress ? fullAddress : null,
        });
      }
      // No address, no call.
      expect(fake.requests).toHaveLength(2);
    });

    it.each(["slow", "error", "garbage"] as const)(
      "never fails because the address service is %s: the request waits for the administrator's choice",
      async (mode) => {
        fake.mode = mode;
        const started = Date.now();
        const response = await newAgent(t).rest("POST", "/api/users/join", TOWNLESS);
        expect(response).toMatchObject({ status: 201, body: { message: JOINED } });
        expect(Date.now() - started).toBeLessThan(1500);
        expect(await request()).toMatchObject({ status: UserStatus.LOCAL, city: null, epci: null });
      },
    );

    it("behaves the same through GraphQL", async () => {
      const JOIN = `mutation ($input: JoinInput!) { requestPartnership(input: $input) }`;
      const input = joinPayload();
      expect(await newAgent(t).graphql(JOIN, { input })).toMatchObject({ data: { requestPartnership: true } });
      expect(await request()).toMatchObject({ city: "Pau", epci: "CA Pau Béarn Pyrénées" });

      await users().delete({ email: input.email });
      fake.mode = "error";
      const blank = await newAgent(t).graphql(JOIN, { input: { ...TOWNLESS, townCode: "" } });
      expect(blank.errors).toBeUndefined();
      expect(await request()).toMatchObject({ city: null });
    });

    it("still refuses an unknown town and checks a given one", async () => {
      const unknown = await newAgent(t).rest("POST", "/api/users/join", joinPayload({ townCode: "99999" }));
      // The field says what the message says (not « requise »: a town was given).
      expect(unknown).toMatchObject({
        status: 400,
        body: { message: "La commune choisie est inconnue.", fields: { townCode: "La commune choisie est inconnue." } },
      });
      const given = await newAgent(t).rest("POST", "/api/users/join", joinPayload({ townCode: "64001" }));
      expect(given.status).toBe(201);
      // The chosen town wins; the address service is not asked.
      expect(await request()).toMatchObject({ city: "Aast" });
      expect(fake.requests).toHaveLength(0);
    });
  });

  describe("validating a request without a town", () => {
    async function townless() {
      fake.mode = "error";
      expect((await newAgent(t).rest("POST", "/api/users/join", TOWNLESS)).status).toBe(201);
      return request();
    }

    it("asks the administrator for the town (REST), then takes the one chosen", async () => {
      const { agent } = await actor(t, Role.ADMIN);
      const user = await townless();

      const refused = await agent.rest("POST", `/api/users/accept/${user.id}`);
      expect(refused).toMatchObject({
        status: 400,
        body: { code: "BAD_USER_INPUT", message: TOWN_TO_ACCEPT_MESSAGE, fields: { townCode: TOWN_TO_ACCEPT_MESSAGE } },
      });
      expect(await request()).toMatchObject({ status: UserStatus.LOCAL, city: null });

      const unknown = await agent.rest("POST", `/api/users/accept/${user.id}`, { townCode: "99999" });
      expect(unknown).toMatchObject({ status: 400, body: { message: "La commune choisie est inconnue." } });

      const accepted = await agent.rest("POST", `/api/users/accept/${user.id}`, { townCode: "64102" });
      expect(accepted).toMatchObject({
        status: 200,
        body: { id: user.id, status: "PENDING", city: "Bayonne", epci: "CA du Pays Basque" },
      });
      expect(await request()).toMatchObject({ status: UserStatus.PENDING, city: "Bayonne" });
    });

    it("asks for it through GraphQL too", async () => {
      const { agent } = await actor(t, Role.ADMIN);
      const user = await townless();
      const ACCEPT = `mutation ($id: ID!, $townCode: String) { acceptUser(id: $id, townCode: $townCode) { status city epci } }`;
      expect((await agent.graphql(ACCEPT, { id: user.id })).errors?.[0]).toMatchObject({
        message: TOWN_TO_ACCEPT_MESSAGE,
        extensions: { code: "BAD_USER_INPUT", fields: { townCode: TOWN_TO_ACCEPT_MESSAGE } },
      });
      const accepted = await agent.graphql(ACCEPT, { id: user.id, townCode: "64445" });
      expect(accepted.data).toEqual({ acceptUser: { status: "PENDING", city: "Pau", epci: "CA Pau Béarn Pyrénées" } });
    });

    it("needs nothing more for a request that has its town", async () => {
      const { agent } = await actor(t, Role.ADMIN);
      expect((await newAgent(t).rest("POST", "/api/users/join", joinPayload())).status).toBe(201);
      const accepted = await agent.rest("POST", `/api/users/accept/${(await request()).id}`);
      expect(accepted).toMatchObject({ status: 200, body: { status: "PENDING", city: "Pau" } });
    });
  });
});
