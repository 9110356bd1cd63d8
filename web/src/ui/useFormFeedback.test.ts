import { CombinedGraphQLErrors } from "@apollo/client/errors";
import { describe, expect, it } from "vitest";
import { saveProblems } from "./errors";
import { visibleErrors } from "./useFormFeedback";

describe("the errors a form shows", () => {
  const client = { name: "Le nom est requis.", email: "L'adresse e-mail n'est pas valide." };

  it("keeps a blank form calm until a field is left or the form submitted", () => {
    expect(visibleErrors(client, {}, new Set(), false)).toEqual({});
    expect(visibleErrors(client, {}, new Set(["email"]), false)).toEqual({ email: client.email });
    expect(visibleErrors(client, {}, new Set(), true)).toEqual(client);
  });

  it("shows the server's message for a field first", () => {
    const server = { email: "Cette adresse e-mail est déjà enregistrée sur le site !" };
    expect(visibleErrors({}, server, new Set(), false)).toEqual(server);
    expect(visibleErrors(client, server, new Set(), true)).toEqual({ name: client.name, email: server.email });
  });
});

describe("a refused save", () => {
  const refusal = (message: string, fields?: Record<string, string>) =>
    new CombinedGraphQLErrors({
      errors: [{ message, extensions: { code: "BAD_USER_INPUT", ...(fields ? { fields } : {}) } }],
    });

  it("puts each field's message under the field it maps to, and the rest above the form", () => {
    const error = refusal("Commune inconnue : Atlantis.", { city: "Commune inconnue : Atlantis.", other: "x" });
    const place = (name: string) => (name === "city" ? ("townCode" as const) : undefined);
    expect(saveProblems(error, place)).toEqual({ fields: { townCode: "Commune inconnue : Atlantis." }, message: null });
  });

  it("shows the message above the form when no field shows it", () => {
    expect(
      saveProblems(refusal("Le dernier administrateur ne peut pas être supprimé ni rétrogradé."), () => undefined),
    ).toEqual({ fields: {}, message: "Le dernier administrateur ne peut pas être supprimé ni rétrogradé." });
    expect(saveProblems(new Error("réseau"), () => undefined).message).toBe(
      "Une erreur s'est produite veuillez réessayer",
    );
  });
});
