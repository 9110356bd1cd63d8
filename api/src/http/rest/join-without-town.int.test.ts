import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { actor, newAgent } from "../../../test/agent";
import { FakeGeocoder } from "../../../test/fake-geocoder";
import { useMailbox } from "../../../test/mailbox";
import { useTestPortal } from "../../../test/portal";
import { Role, UserStatus } from "../../modules/reference/reference.data";
import { User } from "../../modules/users/user.entity";

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
  const mailbox = useMailbox();
  const t = useTestPortal(() => ({ GEOCODER_URL: fake.url, GEOCODER_TIMEOUT_MS: "300", SMTP_URL: mailbox.url }));
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

    it.each([
      ["its name in capitals", "3 rue du Château, LESCAR", "Lescar", "CA Pau Béarn Pyrénées"],
      [
        "its name without accents nor hyphens",
        "Quartier du Bourg salies de bearn",
        "Salies-de-Béarn",
        "CC du Béarn des Gaves",
      ],
      ["« St » for « Saint »", "Maison des associations, St Jean de Luz", "Saint-Jean-de-Luz", "CA du Pays Basque"],
      ["a street named after another town", "4 chemin de Pau Lescar", "Lescar", "CA Pau Béarn Pyrénées"],
    ])(
      "takes the town the address names without a postcode (%s), from the town list",
      async (_case, fullAddress, city, epci) => {
        fake.mode = "error";
        expect((await newAgent(t).rest("POST", "/api/users/join", joinPayload({ fullAddress }))).status).toBe(201);
        expect(await request()).toMatchObject({ city, epci });
      },
    );

    it("takes the town from the address service when the address names none", async () => {
      const body = joinPayload({ fullAddress: "3 Rue des Cordeliers" });
      expect((await newAgent(t).rest("POST", "/api/users/join", body)).status).toBe(201);
      expect(await request()).toMatchObject({ city: "Bayonne", epci: "CA du Pays Basque" });
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
      // A postcode several towns share, a town's name only in a street's: no town of the list.
      fake.mode = "error";
      for (const [index, fullAddress] of ["Place de la Mairie 64230", "12 avenue de Lescar"].entries()) {
        const email = `ambigue${index}@example.org`;
        expect((await newAgent(t).rest("POST", "/api/users/join", joinPayload({ email, fullAddress }))).status).toBe(
          201,
        );
        expect(await users().findOneByOrFail({ email }), fullAddress).toMatchObject({ city: null, epci: null });
      }
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
    async function townless(fullAddress: string | null = TOWNLESS.fullAddress) {
      fake.mode = "error";
      expect((await newAgent(t).rest("POST", "/api/users/join", { ...TOWNLESS, fullAddress })).status).toBe(201);
      return request();
    }

    it.each([
      ["with no findable town", "3 rue du Château"],
      ["with a blank address", ""],
      ["without an address", null],
    ])(
      "accepts it %s as the spec calls it (no body): the town is left to specify, then set in the account",
      async (_case, fullAddress) => {
        const { agent } = await actor(t, Role.ADMIN);
        const user = await townless(fullAddress);
        expect(user.city).toBeNull();

        const accepted = await agent.rest("POST", `/api/users/accept/${user.id}`);
        expect(accepted).toMatchObject({
          status: 200,
          body: { id: user.id, status: "PENDING", city: null, epci: null },
        });
        expect(await request()).toMatchObject({ status: UserStatus.PENDING, city: null, epci: null });
        // The set-password link leaves as for any validated request.
        await mailbox.waitFor((mail) => mail.to.includes(user.email) && /validée/.test(mail.subject));

        // The administrator gives the town later, in the account's form (the spec's user payload
        // plus `townCode`), by REST or GraphQL.
        const current = (await agent.rest("GET", `/api/users/profile/${user.id}`)).body;
        const updated = await agent.rest("PUT", "/api/users/update", { ...current, townCode: "64102" });
        expect(updated).toMatchObject({ status: 200, body: { city: "Bayonne", epci: "CA du Pays Basque" } });
        // Sent back without a town (the spec's payload), the account keeps it.
        expect(await agent.rest("PUT", "/api/users/update", { ...updated.body, name: "Etcheverry" })).toMatchObject({
          status: 200,
          body: { name: "Etcheverry", city: "Bayonne" },
        });
        const UPDATE = `mutation ($id: ID!, $input: UserInput!) { updateUser(id: $id, input: $input) { city epci townCode } }`;
        const { name, surname, email, phone, role } = updated.body;
        const input = { name, surname, email, phone, role, networks: [] };
        expect((await agent.graphql(UPDATE, { id: user.id, input: { ...input, townCode: "64445" } })).data).toEqual({
          updateUser: { city: "Pau", epci: "CA Pau Béarn Pyrénées", townCode: "64445" },
        });
        const unknown = await agent.rest("PUT", "/api/users/update", { ...updated.body, townCode: "99999" });
        expect(unknown).toMatchObject({ status: 400, body: { message: "La commune choisie est inconnue." } });
        expect(await request()).toMatchObject({ city: "Pau" });
      },
    );

    it("takes the town the address names when it is validated, from the town list", async () => {
      const { agent } = await actor(t, Role.ADMIN);
      const user = await townless();
      // A request kept from before its address could be read: the town list reads it now.
      await users().update({ id: user.id }, { fullAddress: "Maison des associations, st jean de luz" });
      fake.requests.length = 0;
      const accepted = await agent.rest("POST", `/api/users/accept/${user.id}`);
      expect(accepted).toMatchObject({
        status: 200,
        body: { status: "PENDING", city: "Saint-Jean-de-Luz", epci: "CA du Pays Basque" },
      });
      expect(fake.requests).toHaveLength(0);
    });

    it("still takes the town the administrator chooses (GraphQL and REST), and accepts without one", async () => {
      const { agent } = await actor(t, Role.ADMIN);
      const user = await townless();
      const ACCEPT = `mutation ($id: ID!, $townCode: String) { acceptUser(id: $id, townCode: $townCode) { status city epci } }`;
      const unknown = await agent.rest("POST", `/api/users/accept/${user.id}`, { townCode: "99999" });
      expect(unknown).toMatchObject({ status: 400, body: { message: "La commune choisie est inconnue." } });
      expect(await request()).toMatchObject({ status: UserStatus.LOCAL });
      const accepted = await agent.graphql(ACCEPT, { id: user.id, townCode: "64445" });
      expect(accepted.data).toEqual({ acceptUser: { status: "PENDING", city: "Pau", epci: "CA Pau Béarn Pyrénées" } });

      await users().delete({ id: user.id });
      const other = await townless();
      expect((await agent.graphql(ACCEPT, { id: other.id })).data).toEqual({
        acceptUser: { status: "PENDING", city: null, epci: null },
      });
      await users().delete({ id: other.id });
      const chosen = await townless();
      expect(await agent.rest("POST", `/api/users/accept/${chosen.id}`, { townCode: "64102" })).toMatchObject({
        status: 200,
        body: { status: "PENDING", city: "Bayonne", epci: "CA du Pays Basque" },
      });
    });

    it("needs nothing more for a request that has its town", async () => {
      const { agent } = await actor(t, Role.ADMIN);
      expect((await newAgent(t).rest("POST", "/api/users/join", joinPayload())).status).toBe(201);
      const accepted = await agent.rest("POST", `/api/users/accept/${(await request()).id}`);
      expect(accepted).toMatchObject({ status: 200, body: { status: "PENDING", city: "Pau" } });
    });
  });
});
