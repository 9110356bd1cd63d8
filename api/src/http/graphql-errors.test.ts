import { GraphQLError } from "graphql";
import { describe, expect, it } from "vitest";
import { formatErrorFor } from "./graphql-errors";

describe("GraphQL errors as they leave the server", () => {
  const validation = new GraphQLError('Cannot query field "titl" on type "Media". Did you mean "title"?', {
    extensions: { code: "GRAPHQL_VALIDATION_FAILED" },
  });

  it("keep GraphQL's wording as a detail, without suggestions of field names in production", () => {
    const formatted = validation.toJSON();
    const development = formatErrorFor({ production: false })(formatted, validation);
    expect(development.extensions?.detail).toContain('Did you mean "title"?');
    const production = formatErrorFor({ production: true })(formatted, validation);
    expect(production.extensions).toEqual({
      code: "GRAPHQL_VALIDATION_FAILED",
      detail: 'Cannot query field "titl" on type "Media".',
    });
    expect(JSON.stringify(production)).not.toMatch(/Did you mean|stack/);
    expect(production.message).toMatch(/^Requête invalide/);
  });

  it("never show an unexpected error's internals", () => {
    const internal = new GraphQLError("Unexpected", {
      originalError: new Error("ECONNRESET at Socket.db (/srv/app.js:12)"),
    });
    const shown = formatErrorFor({ production: true })(internal.toJSON(), internal);
    expect(shown).toMatchObject({ extensions: { code: "INTERNAL_SERVER_ERROR" } });
    expect(JSON.stringify(shown)).not.toMatch(/ECONNRESET|app\.js|stack/);
  });

  it("say in French what a field takes: an enum's values, a date's or a number's form, a document's fault", () => {
    const enumValues = (name: string) => (name === "Category" ? ["NEW", "EVENT", "RESOURCE"] : null);
    const french = (message: string, code = "BAD_USER_INPUT") => {
      // As Apollo raises them: GraphQL's own error, wrapped.
      const error = new GraphQLError(message, { extensions: { code }, originalError: new Error(message) });
      return formatErrorFor({ production: true, enumValues })(error.toJSON(), error).message;
    };
    expect(
      french(
        'Variable "$i" got invalid value "New" at "i.categories[0]"; Value "New" does not exist in "Category" enum. Did you mean the enum value "NEW"?',
      ),
    ).toBe(
      "Requête invalide : « New » n'est pas une valeur du champ « categories » (valeurs acceptées : NEW, EVENT, RESOURCE).",
    );
    expect(
      french(
        'Variable "$i" got invalid value "01/03/2027 10:00" at "i.eventFrom"; DateTime cannot represent an invalid date-time-string 01/03/2027 10:00.',
      ),
    ).toBe(
      "Format de date invalide : le champ « eventFrom » attend une date et une heure ISO 8601, par exemple « 2027-03-01T10:00:00+01:00 ».",
    );
    expect(french('Variable "$i" got invalid value "1" at "i.page"; Int cannot represent non-integer value: "1"')).toBe(
      "Requête invalide : le champ « page » attend un nombre entier.",
    );
    // A scalar of our own keeps the general message (-1 is an integer, not a page start).
    expect(
      french('Variable "$i" got invalid value -1 at "i.from"; NonNegativeInt cannot represent a negative value'),
    ).toBe("Requête invalide : la valeur du champ « from » n'est pas valide.");
    // A nested field is named by its path.
    expect(
      french('Variable "$i" got invalid value "abc" at "i.near.lat"; Float cannot represent non numeric value: "abc"'),
    ).toBe("Requête invalide : le champ « near.lat » attend un nombre.");
    expect(french('Cannot query field "totl" on type "ReportPage".', "GRAPHQL_VALIDATION_FAILED")).toBe(
      "Requête invalide : le type « ReportPage » n'a pas de champ « totl ».",
    );
    expect(french('Cannot spread fragment "A" within itself via "B".', "GRAPHQL_VALIDATION_FAILED")).toBe(
      "Requête invalide : le fragment « A » s'inclut lui-même.",
    );
    expect(
      french('The directive "@include" can only be used once at this location.', "GRAPHQL_VALIDATION_FAILED"),
    ).toBe("Requête invalide : la directive « @include » est répétée au même endroit.");
    expect(french('Unknown argument "limit" on field "Query.services".', "GRAPHQL_VALIDATION_FAILED")).toBe(
      "Requête invalide : le champ « Query.services » ne prend pas d'argument « limit ».",
    );
    // Values written in the document itself (no variable, so no field path).
    expect(
      french(
        'Value "Nouvelle" does not exist in "Category" enum. Did you mean the enum value "NEW"?',
        "GRAPHQL_VALIDATION_FAILED",
      ),
    ).toBe(
      "Requête invalide : « Nouvelle » n'est pas une valeur de « Category » (valeurs acceptées : NEW, EVENT, RESOURCE).",
    );
    expect(french('Int cannot represent non-integer value: "abc"', "GRAPHQL_VALIDATION_FAILED")).toBe(
      'Requête invalide : la valeur "abc" ne convient pas, il faut un nombre entier.',
    );
    expect(french('Syntax Error: Expected Name, found "}".', "GRAPHQL_PARSE_FAILED")).toBe(
      "Requête invalide : le document GraphQL est mal écrit (erreur de syntaxe).",
    );
  });
});
