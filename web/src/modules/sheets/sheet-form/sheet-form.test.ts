import { CombinedGraphQLErrors } from "@apollo/client/errors";
import { describe, expect, it } from "vitest";
import { AVAILABILITY_MESSAGES } from "../../../form-rules";
import type { TownGroupsQuery } from "../../../generated/reference";
import type { ServiceFullFragment } from "../../../generated/sheet-editing";
import { saveProblems } from "../../../ui/errors";
import {
  type AddressPick,
  buildSheetInput,
  canCreateSheet,
  emptySheetValues,
  findTown,
  flattenTowns,
  isBlankDocument,
  isHttpUrl,
  MESSAGES,
  missingForCreation,
  missingHint,
  pickAddress,
  selectTown,
  sheetFieldOf,
  type SheetFormValues,
  sheetValuesFromSheet,
  typeAddress,
  validateSheetForm,
} from ".";
import { coveredAreas, telHref } from "../sheet-display";

const GROUPS: TownGroupsQuery["townGroups"] = [
  {
    epci: "CA Pau Béarn Pyrénées",
    epciCode: "200067254",
    towns: [
      {
        inseeCode: "64445",
        city: "Pau",
        postcodes: ["64000"],
        fullAddress: "64000 Pau",
        location: { lat: 43.3, lon: -0.37 },
      },
      { inseeCode: "64348", city: "Lons", postcodes: ["64140"], fullAddress: "64140 Lons", location: null },
    ],
  },
  {
    epci: "CA du Pays Basque",
    epciCode: "200067106",
    towns: [
      {
        inseeCode: "64102",
        city: "Bayonne",
        postcodes: ["64100"],
        fullAddress: "64100 Bayonne",
        location: { lat: 43.49, lon: -1.47 },
      },
    ],
  },
];
const TOWNS = flattenTowns(GROUPS);

const SUGGESTION: AddressPick = {
  label: "3 Rue des Cordeliers 64100 Bayonne",
  street: "3 Rue des Cordeliers",
  postcode: "64100",
  city: "Bayonne",
  inseeCode: "64102",
  epci: "CA du Pays Basque",
  location: { lat: 43.4922, lon: -1.4738 },
};

/** A form filled as spec §5 asks before "Créer" is enabled. */
const complete = (): SheetFormValues => ({
  ...pickAddress(emptySheetValues(), SUGGESTION, TOWNS),
  serviceName: "  Crèche   Les Petits Pas ",
  serviceManager: "Jeanne Martin",
  email: " contact@petits-pas.fr ",
  phone: "05 59 00 00 00",
  types: ["CRECHE", "CRECHE"],
  ages: ["PETITE_ENFANCE"],
});

const SERVICE: ServiceFullFragment = {
  id: "s1",
  serviceName: "Ludothèque du Hédas",
  city: "Pau",
  phone: "05 59 11 22 33",
  mobile: null,
  types: ["TOY_LIBRARY"],
  serviceManager: "Paul Durand",
  email: "ludo@example.fr",
  website: "https://ludo.example.fr",
  externalLink: null,
  fullAddress: "2 rue du Hédas 64000 Pau",
  zip: "64000",
  epci: "CA Pau Béarn Pyrénées",
  ages: ["ENFANCE"],
  coveredLocations: ["CA Pau Béarn Pyrénées", "CA du Pays Basque"],
  description: null,
  userIds: ["u1"],
  checkedAt: "2026-11-02T09:00:00.000Z",
  needsReview: false,
  location: { lat: 43.29, lon: -0.37, __typename: "GeoPoint" } as ServiceFullFragment["location"],
  owner: { id: "u1", name: "Durand", surname: "Paul" },
  openingStatus: null,
  openingHours: null,
  viewerCan: { update: true, delete: true },
  availability: null,
};

describe("towns", () => {
  it("flattens the groups, each town with its group's EPCI", () => {
    expect(TOWNS.map((town) => [town.city, town.epci])).toEqual([
      ["Pau", "CA Pau Béarn Pyrénées"],
      ["Lons", "CA Pau Béarn Pyrénées"],
      ["Bayonne", "CA du Pays Basque"],
    ]);
    expect(flattenTowns(undefined)).toEqual([]);
  });

  it("finds a town by name and postcode, else by name", () => {
    expect(findTown(TOWNS, "Pau", "64000")?.inseeCode).toBe("64445");
    expect(findTown(TOWNS, "Pau", "99999")?.inseeCode).toBe("64445");
    expect(findTown(TOWNS, "Paris")).toBeUndefined();
  });
});

describe("the create button (spec §5)", () => {
  it("stays disabled on a blank form and names everything missing", () => {
    const values = emptySheetValues();
    expect(canCreateSheet(values)).toBe(false);
    expect(missingForCreation(values)).toHaveLength(9);
    expect(missingHint(missingForCreation(values))).toMatch(
      /^Pour créer le service, renseignez : le nom de la structure, /,
    );
  });

  it("is enabled once the address, town, postcode, EPCI, e-mail, names, a type and an age are there", () => {
    expect(canCreateSheet(complete())).toBe(true);
    expect(missingHint([])).toBeNull();
  });

  it.each([
    ["fullAddress", { fullAddress: "  " }],
    ["city", { city: "" }],
    ["zip", { zip: "" }],
    ["epci", { epci: "" }],
    ["email", { email: " " }],
    ["serviceName", { serviceName: "" }],
    ["serviceManager", { serviceManager: "" }],
    ["types", { types: [] }],
    ["ages", { ages: [] }],
  ] as [string, Partial<SheetFormValues>][])("is disabled without %s", (_field, change) => {
    expect(canCreateSheet({ ...complete(), ...change })).toBe(false);
  });

  it("does not wait for the optional fields", () => {
    expect(canCreateSheet({ ...complete(), phone: "", mobile: "", website: "", description: "" })).toBe(true);
  });

  it("does not wait for a position: the town's centre, or none, while the address service is away", () => {
    expect(canCreateSheet({ ...complete(), location: null })).toBe(true);
  });
});

describe("town and address", () => {
  it("a chosen town gives its name, EPCI, first postcode and centre", () => {
    const values = selectTown(emptySheetValues(), "64445", TOWNS);
    expect(values).toMatchObject({
      townCode: "64445",
      city: "Pau",
      zip: "64000",
      epci: "CA Pau Béarn Pyrénées",
      location: { lat: 43.3, lon: -0.37 },
    });
    // A town without a known centre leaves no point.
    expect(selectTown(values, "64348", TOWNS)).toMatchObject({ city: "Lons", zip: "64140", location: null });
    // Unselecting clears the town.
    expect(selectTown(values, "", TOWNS)).toMatchObject({ townCode: "", city: "", epci: "", location: null });
  });

  it("keeps a postcode that belongs to the chosen town", () => {
    expect(selectTown({ ...emptySheetValues(), zip: "64000" }, "64445", TOWNS).zip).toBe("64000");
  });

  it("a picked suggestion fills the address, postcode, town, EPCI and point", () => {
    const values = pickAddress(selectTown(emptySheetValues(), "64445", TOWNS), SUGGESTION, TOWNS);
    expect(values).toMatchObject({
      fullAddress: "3 Rue des Cordeliers 64100 Bayonne",
      zip: "64100",
      townCode: "64102",
      city: "Bayonne",
      epci: "CA du Pays Basque",
      location: { lat: 43.4922, lon: -1.4738 },
    });
  });

  it("typing over a picked address falls back to the town's centre; typing alone keeps the point", () => {
    const picked = pickAddress(emptySheetValues(), SUGGESTION, TOWNS);
    expect(typeAddress(picked, SUGGESTION.label, TOWNS).location).toEqual(SUGGESTION.location);
    const typed = typeAddress(picked, "5 Rue des Cordeliers 64100 Bayonne", TOWNS);
    expect(typed).toMatchObject({
      fullAddress: "5 Rue des Cordeliers 64100 Bayonne",
      location: { lat: 43.49, lon: -1.47 },
    });
    const edited = sheetValuesFromSheet(SERVICE, TOWNS);
    expect(typeAddress(edited, "4 rue du Hédas 64000 Pau", TOWNS).location).toEqual({ lat: 43.29, lon: -0.37 });
  });
});

describe("validation", () => {
  it("create mode requires the sheet's main fields", () => {
    const errors = validateSheetForm(emptySheetValues(), "create");
    expect(errors).toEqual({
      serviceName: MESSAGES.serviceNameRequired,
      serviceManager: MESSAGES.serviceManagerRequired,
      email: MESSAGES.emailRequired,
      phone: MESSAGES.phoneRequired,
      townCode: MESSAGES.townRequired,
      fullAddress: MESSAGES.addressRequired,
      zip: MESSAGES.zipRequired,
      types: MESSAGES.typesRequired,
      ages: MESSAGES.agesRequired,
    });
    expect(validateSheetForm(complete(), "create")).toEqual({});
  });

  it("edit mode requires the manager, name, e-mail, landline and town only", () => {
    expect(Object.keys(validateSheetForm(emptySheetValues(), "edit")).sort()).toEqual(
      ["email", "phone", "serviceManager", "serviceName", "townCode"].sort(),
    );
    const values = { ...sheetValuesFromSheet(SERVICE, TOWNS), ages: [], types: [], coveredLocations: [] };
    expect(validateSheetForm(values, "edit")).toEqual({});
  });

  it("checks the formats of what is filled", () => {
    const errors = validateSheetForm(
      {
        ...complete(),
        email: "contact@",
        phone: "12",
        mobile: "abc",
        website: "www.example.fr",
        externalLink: "javascript:alert(1)",
        zip: "6400",
      },
      "edit",
    );
    expect(errors).toEqual({
      email: MESSAGES.emailInvalid,
      phone: MESSAGES.phoneInvalid,
      mobile: MESSAGES.mobileInvalid,
      website: MESSAGES.websiteInvalid,
      externalLink: MESSAGES.externalLinkInvalid,
      zip: MESSAGES.zipInvalid,
    });
  });

  it("accepts http(s) addresses with a domain only", () => {
    expect(isHttpUrl("https://www.monenfant.fr/fiche/123")).toBe(true);
    expect(isHttpUrl(" http://example.fr ")).toBe(true);
    expect(isHttpUrl("ftp://example.fr")).toBe(false);
    expect(isHttpUrl("https://localhost")).toBe(false);
    expect(isHttpUrl("example.fr")).toBe(false);
  });
});

describe("buildSheetInput", () => {
  it("builds the mutation input: trimmed text, null optionals, unique lists, bare point", () => {
    const input = buildSheetInput({
      ...complete(),
      coveredLocations: ["CA du Pays Basque", "CA Pau Béarn Pyrénées", "CA Pau Béarn Pyrénées"],
      mobile: "  ",
      website: " https://petits-pas.fr ",
      description: JSON.stringify({ ops: [{ insert: "\n" }] }),
    });
    expect(input).toEqual({
      serviceName: "Crèche Les Petits Pas",
      serviceManager: "Jeanne Martin",
      email: "contact@petits-pas.fr",
      phone: "05 59 00 00 00",
      mobile: null,
      website: "https://petits-pas.fr",
      externalLink: null,
      fullAddress: "3 Rue des Cordeliers 64100 Bayonne",
      city: "Bayonne",
      zip: "64100",
      epci: "CA du Pays Basque",
      location: { lat: 43.4922, lon: -1.4738 },
      types: ["CRECHE"],
      ages: ["PETITE_ENFANCE"],
      coveredLocations: ["CA Pau Béarn Pyrénées"],
      description: null,
      // No day open, nothing else: the server keeps no hours.
      openingHours: { week: [], closedOnPublicHolidays: true, closures: [], specialOpenings: [] },
    });
  });

  it("round-trips an edited service without its __typename or own EPCI in the covered areas", () => {
    const values = sheetValuesFromSheet(SERVICE, TOWNS);
    expect(values.townCode).toBe("64445");
    const input = buildSheetInput(values);
    expect(input.location).toEqual({ lat: 43.29, lon: -0.37 });
    expect(input.coveredLocations).toEqual(["CA du Pays Basque"]);
    expect(input).toMatchObject({ city: "Pau", zip: "64000", epci: "CA Pau Béarn Pyrénées", description: null });
  });

  it("keeps a written description", () => {
    const document = JSON.stringify({ ops: [{ insert: "Ouvert le mercredi\n" }] });
    expect(buildSheetInput({ ...complete(), description: document }).description).toBe(document);
    expect(isBlankDocument("")).toBe(true);
    expect(isBlankDocument(JSON.stringify({ ops: [{ insert: { image: "/uploads/a.png" } }, { insert: "\n" }] }))).toBe(
      false,
    );
  });
});

describe("« Places disponibles » in the sheet form", () => {
  const crèche: ServiceFullFragment = {
    ...SERVICE,
    types: ["CRECHE"],
    availability: {
      current: true,
      summary: "2 places disponibles (au 02/11)",
      groups: [
        {
          ageGroup: "FROM_18_MONTHS",
          label: "De 18 mois à 3 ans",
          status: "VACANCIES",
          vacancies: 2,
          text: "2 places disponibles",
        },
      ],
    },
  };

  it("sends them only once changed, on a child care sheet: untouched, the sheet keeps their date", () => {
    const values = sheetValuesFromSheet(crèche, TOWNS);
    expect(values.availability.groups.FROM_18_MONTHS).toEqual({ status: "VACANCIES", vacancies: "2" });
    expect(buildSheetInput(values)).not.toHaveProperty("availability");
    const groups = { ...values.availability.groups, UNDER_18_MONTHS: { status: "FULL" as const, vacancies: "" } };
    expect(buildSheetInput({ ...values, availability: { groups, changed: true } }).availability).toEqual({
      groups: [
        { ageGroup: "UNDER_18_MONTHS", status: "FULL", vacancies: null },
        { ageGroup: "FROM_18_MONTHS", status: "VACANCIES", vacancies: 2 },
      ],
    });
    // No longer child care: not sent (the server drops them).
    expect(buildSheetInput({ ...values, types: ["LAEP"], availability: { groups, changed: true } })).not.toHaveProperty(
      "availability",
    );
  });

  it("says the server's message about a number of places before sending", () => {
    const values = sheetValuesFromSheet(crèche, TOWNS);
    const groups = { ...values.availability.groups, FROM_3_YEARS: { status: "VACANCIES" as const, vacancies: "0" } };
    expect(validateSheetForm({ ...values, availability: { groups, changed: true } }, "edit")).toEqual({
      availability: AVAILABILITY_MESSAGES.vacancies("De 3 à 6 ans"),
    });
    expect(validateSheetForm(values, "edit")).toEqual({});
  });
});

describe("helpers", () => {
  it("places the server's field messages on the form's fields", () => {
    const refusal = new CombinedGraphQLErrors({
      errors: [
        {
          message: "Commune inconnue dans le département : Paris.",
          extensions: {
            code: "BAD_USER_INPUT",
            fields: {
              city: "Commune inconnue dans le département : Paris.",
              epci: "Intercommunalité inconnue : X.",
              location: "Position invalide.",
              phone: "Le téléphone fixe n'est pas valide.",
              unknown: "ignored",
              constructor: "ignored too",
            },
          },
        },
      ],
    });
    expect(saveProblems(refusal, sheetFieldOf)).toEqual({
      fields: {
        townCode: "Commune inconnue dans le département : Paris.",
        fullAddress: "Position invalide.",
        phone: "Le téléphone fixe n'est pas valide.",
      },
      message: null,
    });
  });

  it("formats tel: links and the covered areas", () => {
    expect(telHref("05 59 00.00-00")).toBe("tel:0559000000");
    expect(telHref("+33 5 59 00 00 00")).toBe("tel:+33559000000");
    expect(coveredAreas(SERVICE)).toEqual(["CA Pau Béarn Pyrénées", "CA du Pays Basque"]);
  });
});
