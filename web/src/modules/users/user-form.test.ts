import { describe, expect, it } from "vitest";
import type { Network } from "../../generated/accounts";
import type { UserRowFragment } from "../../generated/users";
import { addMonths, formatIsoDay, INVALID_DATE_MESSAGE, PAST_DATE_MESSAGE, todayInParis } from "../../rules";
import { INVALID_EMAIL_MESSAGE, INVALID_PHONE_MESSAGE } from "../../form-rules";
import { initialUserFormValues, networkChoices, type UserFormValues, validateUserForm } from "./user-form";

const TODAY = "2026-03-10";

const filled: UserFormValues = {
  name: "  Martin ",
  surname: "Jeanne   Marie",
  email: " Jeanne.Martin@Example.FR ",
  phone: "01 23 45 67 89",
  mobile: "  ",
  role: "NEWS_PARTNER",
  expiration: "10/09/2026",
  networks: ["RPE", "EAJE", "RPE"],
  townCode: "",
};

const user: UserRowFragment = {
  id: "u1",
  name: "Durand",
  surname: "Paul",
  email: "paul@example.fr",
  phone: "0123456789",
  mobile: "0612345678",
  role: "FULL_PARTNER",
  status: "LOCAL",
  createdAt: "2026-01-02T10:00:00.000Z",
  expiration: null,
  networks: ["RPE"],
  justify: "Je dirige un RPE.",
  fullAddress: "1 rue de la Paix",
  city: "Lescar",
  epci: "CA Pau Béarn Pyrénées",
  townCode: "64335",
  viewerCan: { edit: true, delete: true, accept: true, addService: false },
};

describe("validateUserForm", () => {
  it("refuses phone numbers the server would refuse (six digits at least), landline and mobile", () => {
    const { errors, input } = validateUserForm({ ...filled, phone: "05", mobile: "06 12" }, TODAY);
    expect(input).toBeNull();
    expect(errors).toEqual({ phone: INVALID_PHONE_MESSAGE, mobile: INVALID_PHONE_MESSAGE });
  });

  it("builds a cleaned UserInput when everything is right", () => {
    const { errors, input } = validateUserForm(filled, TODAY);
    expect(errors).toEqual({});
    expect(input).toEqual({
      name: "Martin",
      surname: "Jeanne Marie",
      email: "jeanne.martin@example.fr",
      phone: "01 23 45 67 89",
      mobile: null,
      role: "NEWS_PARTNER",
      expiration: "2026-09-10",
      networks: ["RPE", "EAJE"],
      townCode: null,
    });
  });

  it("requires name, surname, e-mail, landline and role", () => {
    const { errors, input } = validateUserForm(
      { ...filled, name: " ", surname: "", email: "", phone: "", role: "" },
      TODAY,
    );
    expect(input).toBeNull();
    expect(Object.keys(errors).sort()).toEqual(["email", "name", "phone", "role", "surname"]);
    expect(errors.name).toBe("Le nom est requis.");
    expect(errors.surname).toBe("Le prénom est requis.");
  });

  it("keeps the mobile optional and refuses a malformed e-mail", () => {
    expect(validateUserForm({ ...filled, mobile: " 06 12  34 56 " }, TODAY).input?.mobile).toBe("06 12 34 56");
    const { errors, input } = validateUserForm({ ...filled, email: "jeanne@" }, TODAY);
    expect(input).toBeNull();
    expect(errors.email).toBe(INVALID_EMAIL_MESSAGE);
  });

  it("checks the expiration date", () => {
    expect(validateUserForm({ ...filled, expiration: "31/02/2026" }, TODAY).errors.expiration).toBe(
      INVALID_DATE_MESSAGE,
    );
    expect(validateUserForm({ ...filled, expiration: "2026-09-10" }, TODAY).errors.expiration).toBe(
      INVALID_DATE_MESSAGE,
    );
    expect(validateUserForm({ ...filled, expiration: "09/03/2026" }, TODAY).errors.expiration).toBe(PAST_DATE_MESSAGE);
    expect(validateUserForm({ ...filled, expiration: "09/03/2026" }, TODAY).input).toBeNull();
    // Today is accepted, as by the server; empty means no expiration.
    expect(validateUserForm({ ...filled, expiration: "10/03/2026" }, TODAY).input?.expiration).toBe(TODAY);
    expect(validateUserForm({ ...filled, expiration: "  " }, TODAY).input?.expiration).toBeNull();
  });

  it("takes the town chosen, and none left empty (a partner's then to be given later)", () => {
    const chosen = validateUserForm({ ...filled, townCode: "64445" }, TODAY);
    expect(chosen.errors).toEqual({});
    expect(chosen.input?.townCode).toBe("64445");
    const none = validateUserForm(filled, TODAY);
    expect(none.errors).toEqual({});
    expect(none.input?.townCode).toBeNull();
    // An edited account's town is sent when changed only: one the list no longer names stays.
    expect(validateUserForm(filled, TODAY, "").input).not.toHaveProperty("townCode");
    expect(validateUserForm({ ...filled, townCode: "64445" }, TODAY, "64445").input).not.toHaveProperty("townCode");
    expect(validateUserForm({ ...filled, townCode: "64445" }, TODAY, "").input?.townCode).toBe("64445");
    expect(validateUserForm(filled, TODAY, "64445").input?.townCode).toBeNull();
  });
});

describe("initialUserFormValues", () => {
  it("starts a new account as a content creator expiring in 6 months", () => {
    const values = initialUserFormValues(null);
    expect(values.role).toBe("NEWS_PARTNER");
    expect(values.expiration).toBe(formatIsoDay(addMonths(todayInParis(), 6)));
    expect(values.networks).toEqual([]);
  });

  it("starts an edit from the user's record", () => {
    expect(initialUserFormValues({ ...user, status: "CONFIRMED" })).toEqual({
      name: "Durand",
      surname: "Paul",
      email: "paul@example.fr",
      phone: "0123456789",
      mobile: "0612345678",
      role: "FULL_PARTNER",
      expiration: "",
      networks: ["RPE"],
      townCode: "64335",
    });
    expect(initialUserFormValues({ ...user, expiration: "2027-05-21" }).expiration).toBe("21/05/2027");
    expect(initialUserFormValues({ ...user, city: null, epci: null, townCode: null }).townCode).toBe("");
  });

  it("shows a request to validate the expiration it will get, to keep or clear", () => {
    expect(initialUserFormValues(user).expiration).toBe(formatIsoDay(addMonths(todayInParis(), 6)));
  });
});

describe("networkChoices", () => {
  const options: { value: Network; label: string }[] = [
    { value: "ALL", label: "Tous les réseaux" },
    { value: "EAJE", label: "EAJE" },
    { value: "RPE", label: "RPE" },
    { value: "PDN", label: "PDN" },
  ];
  const values = (choices: ReturnType<typeof networkChoices>) => choices.map((choice) => choice.value);

  it("offers an ALL administrator every network, ALL itself in edit mode only", () => {
    expect(values(networkChoices(options, ["ALL"], "create"))).toEqual(["EAJE", "RPE", "PDN"]);
    expect(values(networkChoices(options, ["ALL"], "edit"))).toEqual(["ALL", "EAJE", "RPE", "PDN"]);
  });

  it("limits other administrators to their own networks", () => {
    expect(values(networkChoices(options, ["RPE", "PDN"], "create"))).toEqual(["RPE", "PDN"]);
    expect(values(networkChoices(options, ["RPE"], "edit"))).toEqual(["RPE"]);
  });

  it("lists the edited user's other networks read-only", () => {
    expect(networkChoices(options, ["RPE"], "edit", ["EAJE", "RPE"])).toEqual([
      { value: "EAJE", label: "EAJE", readOnly: true },
      { value: "RPE", label: "RPE", readOnly: false },
    ]);
  });
});
