import { describe, expect, it } from "vitest";
import { Category, Network, NETWORK_LABELS } from "../../modules/reference/reference.data";
import { bool, codeText, dayBound, defined, enumCodec, firstGiven, frenchDateTime, given, int, point } from "./codecs";
import { restTable } from "./table";

describe("defined: the variables of a legacy payload", () => {
  it('drops absent, null and blank ("", "  ") values, and null or blank items of lists', () => {
    expect(
      defined({
        kept: "x",
        zero: 0,
        no: false,
        empty: "",
        blank: "  ",
        none: null,
        absent: undefined,
        list: ["a", "", " ", null, "b"],
        emptyList: [],
        object: { lat: 1 },
      }),
    ).toEqual({ kept: "x", zero: 0, no: false, list: ["a", "b"], emptyList: [], object: { lat: 1 } });
  });

  it("passes a blank required field on, for the input's own message", () => {
    expect(defined({ name: "", mobile: "", email: " " }, ["name", "email"])).toEqual({ name: "", email: " " });
    expect(defined({ name: null }, ["name"])).toEqual({});
  });
});

describe("enumCodec: enum values as legacy clients write them", () => {
  const networks = enumCodec(Network, "networks", NETWORK_LABELS);

  it("reads a value or a name in any case, and a French label as the spec writes it", () => {
    expect(networks.toGraphql(["Rpe", "Pdn", "all", "ALL", "eaje", "LAEP_REFERENTS"])).toEqual([
      "RPE",
      "PDN",
      "ALL",
      "ALL",
      "EAJE",
      "LAEP_REFERENTS",
    ]);
    // Spec §3's list: labels without accents, a singular for a plural.
    expect(
      networks.toGraphql([
        "pole d'appui ressources handicap",
        "centres sociaux/EVS",
        "directeur ALSH",
        "referents Clas",
      ]),
    ).toEqual(["DISABILITY_SUPPORT_HUB", "SOCIAL_CENTRES", "ALSH_DIRECTORS", "CLAS_REFERENTS"]);
    expect(enumCodec(Category, "categories").toGraphql(["New", "EVENT", "resource"])).toEqual([
      "NEW",
      "EVENT",
      "RESOURCE",
    ]);
  });

  it("writes every value in lower case", () => {
    expect(networks.fromGraphql(["RPE", "ALL", "DISABILITY_SUPPORT_HUB"])).toEqual([
      "rpe",
      "all",
      "disability_support_hub",
    ]);
  });

  it("refuses an unknown text in the answers' spelling, and leaves blanks and other types to the payload's rules", () => {
    expect(() => networks.toGraphql(["Rpe", "CAF"])).toThrow(
      /^Requête invalide : « CAF » n'est pas une valeur du champ « networks » \(valeurs acceptées : disability_support_hub, eaje, rpe, .*, all\)\.$/,
    );
    expect(networks.toGraphql(["", " ", null, 3])).toEqual(["", " ", null, 3]);
    expect(networks.toGraphql(undefined)).toBeUndefined();
  });
});

describe("firstGiven: one field under several legacy names", () => {
  it("takes the first value given, skipping absent, null and blank ones", () => {
    expect(firstGiven("", "06 00 00 00 00")).toBe("06 00 00 00 00");
    expect(firstGiven(undefined, null, ["LAEP"])).toEqual(["LAEP"]);
    expect(firstGiven(undefined, "")).toBeUndefined();
    expect(given(0)).toBe(true);
    expect(given(" ")).toBe(false);
  });
});

/** Every field a row may read from a body or a query string, set to "". */
const BLANK = new Proxy({} as Record<string, unknown>, { get: (_target, key) => (key === "then" ? undefined : "") });
/** A blank form of a new sheet still names its owner: without one the row refuses the body (service-routes). */
const BLANK_WITH_OWNER = new Proxy({} as Record<string, unknown>, {
  get: (_target, key) => (key === "then" ? undefined : key === "userIds" ? ["x"] : ""),
});

describe('every REST row treats "" as absent in its optional fields', () => {
  const optionalBlanks = (value: unknown, path: string, required: ReadonlySet<string>): string[] => {
    if (value === "") return required.has(path.split(".").at(-1)!) ? [] : [path];
    if (Array.isArray(value))
      return value.flatMap((item, index) => optionalBlanks(item, `${path}[${index}]`, required));
    if (value && typeof value === "object")
      return Object.entries(value).flatMap(([key, item]) =>
        optionalBlanks(item, path ? `${path}.${key}` : key, required),
      );
    return [];
  };
  /** The fields the inputs require: their blank value is kept, for their own French message. */
  const REQUIRED = new Set([
    ...["email", "password", "name", "surname", "phone", "justify", "userId", "token", "object", "message"],
    ...["serviceName", "serviceManager", "fullAddress", "city", "zip", "article"],
    // « Me prévenir »: which list and how often, required: a blank is refused by GraphQL with its message.
    ...["list", "rhythm"],
  ]);

  it.each(restTable.filter((row) => !row.multipartFile).map((row) => [`${row.method} ${row.path}`, row] as const))(
    "%s",
    (_name, row) => {
      const variables = row.variables({ params: { id: "x", userId: "x" }, query: BLANK, body: BLANK_WITH_OWNER });
      expect(optionalBlanks(variables, "", REQUIRED)).toEqual([]);
    },
  );

  it("reads a blank position as none, and an INSEE code sent as a number as its text", () => {
    expect(point({ lat: "", lon: "" })).toBeUndefined();
    expect(point({ lat: null, lon: null })).toBeUndefined();
    expect(point({ lat: 43.3, lon: -0.37 })).toEqual({ lat: 43.3, lon: -0.37 });
    // Half a position is passed on, for GraphQL to refuse.
    expect(point({ lat: 43.3, lon: "" })).toEqual({ lat: 43.3, lon: "" });
    expect(point(undefined)).toBeUndefined();
    expect(codeText(64445)).toBe("64445");
    expect(codeText("64445")).toBe("64445");
  });

  it("reads numbers sent as text, and a day as a date filter's bounds in France", () => {
    expect(int("2")).toBe(2);
    expect(int(" 15 ")).toBe(15);
    expect(int("deux")).toBe("deux");
    expect(int(3)).toBe(3);
    // Winter: Paris is UTC+1.
    expect(dayBound("2027-03-01", "start")).toBe("2027-02-28T23:00:00.000Z");
    expect(dayBound("2027-03-01", "end")).toBe("2027-03-01T22:59:59.999Z");
    expect(dayBound("31/07/2027", "end")).toBe("2027-07-31T21:59:59.999Z");
    expect(dayBound("2027-03-01T10:00:00Z", "start")).toBe("2027-03-01T10:00:00Z");
    expect(dayBound("2027-02-30", "start")).toBe("2027-02-30");
  });

  it("reads a date and time as the portal writes it (French time), and passes anything else on", () => {
    expect(frenchDateTime("01/03/2027 14:30")).toBe("2027-03-01T13:30:00.000Z");
    expect(frenchDateTime(" 01/07/2027 09h05 ")).toBe("2027-07-01T07:05:00.000Z");
    expect(frenchDateTime("2027-03-01T14:30:00Z")).toBe("2027-03-01T14:30:00Z");
    for (const other of ["30/02/2027 10:00", "01/03/2027 24:00", "01/03/2027", 12, null])
      expect(frenchDateTime(other)).toBe(other);
  });
});

describe("bool: a yes or no sent as text", () => {
  it("reads « true » and « false » in any case, and passes anything else on", () => {
    expect([bool("true"), bool(" FALSE "), bool(true), bool("oui"), bool(undefined)]).toEqual([
      true,
      false,
      true,
      "oui",
      undefined,
    ]);
  });
});
