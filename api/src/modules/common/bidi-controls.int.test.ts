import { describe, expect, it } from "vitest";
import { actor, buildAccount, newAgent, passwordHashOf } from "../../../test/agent";
import { buildUser } from "../../../test/factories";
import { mediaInput } from "../../../test/media";
import { useTestPortal } from "../../../test/portal";
import { Media } from "../media/media.entity";
import { Role, UserStatus } from "../reference/reference.data";
import { Sheet } from "../sheets/sheet.entity";
import { User } from "../users/user.entity";

/** Right-to-left override, and the other embeddings and isolates (U+202A–U+202E, U+2066–U+2069). */
const RLO = "\u202E";
const BIDI = /[\u202A-\u202E\u2066-\u2069]/;
/** « Bidart » with a control of each kind in it. */
const marked = (text: string) => `\u202A${text.slice(0, 2)}\u202B${text.slice(2, 4)}\u202C\u202D${text.slice(4)}${RLO}`;
const isolated = (text: string) => `\u2066${text}\u2067\u2068\u2069`;

const JOIN = `mutation ($input: JoinInput!) { requestPartnership(input: $input) }`;

describe("bidirectional controls in single-line texts", () => {
  const t = useTestPortal();
  const users = () => t.portal.dataSource.getRepository(User);

  const joinRequest = (email: string) => ({
    email: isolated(email),
    name: marked("Bidart"),
    surname: `Bob${RLO}`,
    phone: `05 59${RLO} 12 34 56`,
    fullAddress: marked("3 rue du Lac, 64000 Pau"),
    townCode: "64445",
    // A text of several lines keeps them: they may order a right-to-left paragraph.
    justify: `Animateur${RLO} du relais.\nمرحبا`,
  });

  it.each([
    ["REST", (body: object) => newAgent(t).rest("POST", "/api/users/join", body)],
    ["GraphQL", (body: object) => newAgent(t).graphql(JOIN, { input: body })],
  ] as const)("are taken out of a partner request's names, e-mail, phone and address (%s)", async (_edge, send) => {
    await send(joinRequest("bob@example.org"));
    expect(await users().findOneByOrFail({ email: "bob@example.org" })).toMatchObject({
      name: "Bidart",
      surname: "Bob",
      phone: "05 59 12 34 56",
      fullAddress: "3 rue du Lac, 64000 Pau",
      justify: `Animateur${RLO} du relais.\nمرحبا`,
    });
  });

  it("are taken out of an account written by an administrator, and of a service sheet (REST)", async () => {
    const admin = await actor(t, Role.ADMIN);
    const created = await admin.agent.graphql(
      `mutation ($input: UserInput!) { createUser(input: $input) { id name surname email phone } }`,
      {
        input: {
          name: marked("Laborde"),
          surname: `${RLO}Élodie`,
          email: isolated("elodie@example.org"),
          phone: `05${RLO} 59 00 00 00`,
          role: "NEWS_PARTNER",
        },
      },
    );
    expect(created.errors).toBeUndefined();
    expect(created.data.createUser).toMatchObject({
      name: "Laborde",
      surname: "Élodie",
      email: "elodie@example.org",
      phone: "05 59 00 00 00",
    });

    const owner = await buildAccount(t.portal.dataSource, { role: Role.FULL_PARTNER });
    const added = await admin.agent.rest("POST", "/api/services/add", {
      serviceName: marked("Crèche Les Lutins"),
      serviceManager: `Mme${RLO} Laborde`,
      email: isolated("lutins@example.org"),
      phone: `05 59${RLO} 11 22 33`,
      fax: `06 11${RLO} 22 33 44`,
      website: `https://lutins.example.org${RLO}`,
      fullAddress: marked("12 Rue des Cordeliers"),
      city: `Pau${RLO}`,
      zip: `64000${RLO}`,
      type: ["CRECHE"],
      ages: ["PETITE_ENFANCE"],
      userIds: [owner.id],
    });
    expect(added.status).toBe(201);
    const sheet = await t.portal.dataSource.getRepository(Sheet).findOneByOrFail({ id: added.body.id });
    expect(sheet).toMatchObject({
      serviceName: "Crèche Les Lutins",
      serviceManager: "Mme Laborde",
      email: "lutins@example.org",
      phone: "05 59 11 22 33",
      mobile: "06 11 22 33 44",
      website: "https://lutins.example.org",
      city: "Pau",
      zip: "64000",
    });
    expect(sheet.fullAddress).not.toMatch(BIDI);
  });

  it("are taken out of an article's title, place and contact, not of its summary (GraphQL)", async () => {
    const { agent } = await actor(t, Role.NEWS_PARTNER);
    const created = await agent.graphql(`mutation ($input: MediaInput!) { createMedia(input: $input) { id title } }`, {
      input: mediaInput({
        title: marked("Fête des familles"),
        categories: ["EVENT"],
        eventFrom: "2027-06-12T10:00:00+02:00",
        eventTo: "2027-06-12T18:00:00+02:00",
        eventAddress: isolated("Parc Beaumont, Pau"),
        contactPhone: `05 59${RLO} 12 34 56`,
        contactEmail: isolated("fete@example.org"),
        city: [`Pau${RLO}`],
        description: `Une journée${RLO} en plein air.`,
      }),
    });
    expect(created.errors).toBeUndefined();
    const media = await t.portal.dataSource.getRepository(Media).findOneByOrFail({ id: created.data.createMedia.id });
    expect(media).toMatchObject({
      title: "Fête des familles",
      eventAddress: "Parc Beaumont, Pau",
      contactPhone: "05 59 12 34 56",
      contactEmail: "fete@example.org",
      city: ["Pau"],
      description: `Une journée${RLO} en plein air.`,
    });
  });

  it("leave a password as it was chosen", async () => {
    const password = `Secret${RLO}-2024`;
    const user = await buildUser(t.portal.dataSource, { passwordHash: await passwordHashOf(password) });
    await expect(newAgent(t).login(user.email, password)).resolves.toBeDefined();
    await expect(newAgent(t).login(user.email, "Secret-2024")).rejects.toThrow(
      "Mot de passe ou nom d'utilisateur incorrect",
    );
  });

  it("never leave in the users' CSV, even from rows stored before, and hide no formula", async () => {
    const { agent } = await actor(t, Role.ADMIN);
    await buildUser(t.portal.dataSource, {
      name: `${RLO}=HYPERLINK("http://evil.example")`,
      surname: marked("Aaron"),
      email: "aaron@example.org",
      fullAddress: isolated("1 place Royale"),
      city: `Pau${RLO}`,
      status: UserStatus.CONFIRMED,
    });
    const csv: string = (await agent.graphql(`{ usersCsv }`)).data.usersCsv;
    expect(csv).not.toMatch(BIDI);
    const aaron = csv.split("\r\n").find((line) => line.includes("aaron@example.org"));
    expect(aaron).toMatch(
      /^"'=HYPERLINK\(""http:\/\/evil\.example""\)";Aaron;aaron@example\.org;.*;Pau;.*;1 place Royale$/,
    );
    const download = await agent.rest("GET", "/api/users/export");
    expect(download.text).toBe(csv);
  });
});
