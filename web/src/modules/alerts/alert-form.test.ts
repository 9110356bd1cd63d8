import { describe, expect, it } from "vitest";
import { INVALID_EMAIL_MESSAGE, REQUIRED } from "../../form-rules";
import { alertErrors } from "./alert-form";

describe("the address of « Me prévenir »", () => {
  it("is required and checked with the server's messages", () => {
    expect(alertErrors({ email: " ", rhythm: "DAILY" })).toEqual({ email: REQUIRED.email });
    expect(alertErrors({ email: "parent@", rhythm: "DAILY" })).toEqual({ email: INVALID_EMAIL_MESSAGE });
    expect(alertErrors({ email: " parent@example.fr ", rhythm: "WEEKLY" })).toEqual({});
  });
});
