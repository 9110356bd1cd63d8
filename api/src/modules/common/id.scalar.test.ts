import { GraphQLID, Kind } from "graphql";
import { describe, expect, it } from "vitest";
import { ID } from "./id.scalar";

describe("ID", () => {
  it("reads a UUID in capitals as the same, lower-case identifier", () => {
    const uuid = "2BF6ECC2-350C-48BA-960D-143506B4AE21";
    expect(ID.parseValue(uuid)).toBe(uuid.toLowerCase());
    expect(ID.parseLiteral({ kind: Kind.STRING, value: uuid }, {})).toBe(uuid.toLowerCase());
  });

  it("reads other identifiers as sent, and refuses what GraphQL's ID refuses", () => {
    expect(ID.parseValue("2A004")).toBe("2A004");
    expect(ID.parseValue("Inconnu")).toBe("Inconnu");
    expect(ID.parseValue(64001)).toBe("64001");
    expect(ID.parseLiteral({ kind: Kind.INT, value: "12" }, {})).toBe("12");
    expect(() => ID.parseValue(true)).toThrow();
    expect(() => ID.parseLiteral({ kind: Kind.BOOLEAN, value: true }, {})).toThrow();
  });

  it("is GraphQL's ID in the schema", () => {
    expect(ID.name).toBe(GraphQLID.name);
    expect(ID.serialize("abc")).toBe("abc");
  });
});
