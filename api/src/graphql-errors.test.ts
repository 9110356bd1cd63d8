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
});
