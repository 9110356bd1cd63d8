import { describe, expect, it } from "vitest";
import { AVAILABILITY_MESSAGES } from "../../form-rules";
import { AGE_GROUPS, availabilityError, availabilityInput, availabilityValues } from "./availability-form";

describe("the form of « Places disponibles »", () => {
  it("starts from the sheet's availability, every other age group unsaid", () => {
    const values = availabilityValues({
      groups: [
        { ageGroup: "UNDER_18_MONTHS", status: "FULL", vacancies: null },
        { ageGroup: "FROM_3_YEARS", status: "VACANCIES", vacancies: 4 },
      ],
    });
    expect(values).toEqual({
      UNDER_18_MONTHS: { status: "FULL", vacancies: "" },
      FROM_18_MONTHS: { status: "", vacancies: "" },
      FROM_3_YEARS: { status: "VACANCIES", vacancies: "4" },
    });
    expect(AGE_GROUPS.map((group) => group.label)).toEqual(["Moins de 18 mois", "De 18 mois à 3 ans", "De 3 à 6 ans"]);
  });

  it("sends the age groups it says something of, a number with places only", () => {
    const values = availabilityValues(null);
    expect(availabilityInput(values)).toEqual({ groups: [] });
    values.FROM_18_MONTHS = { status: "VACANCIES", vacancies: " 3 " };
    values.FROM_3_YEARS = { status: "WAITING_LIST", vacancies: "7" };
    expect(availabilityInput(values)).toEqual({
      groups: [
        { ageGroup: "FROM_18_MONTHS", status: "VACANCIES", vacancies: 3 },
        { ageGroup: "FROM_3_YEARS", status: "WAITING_LIST", vacancies: null },
      ],
    });
    expect(availabilityError(values)).toBeNull();
  });

  it("refuses what the server refuses, with its message: no number, 0, 1 000, text", () => {
    for (const vacancies of ["", "0", "1000", "deux", "2,5"]) {
      const values = availabilityValues(null);
      values.UNDER_18_MONTHS = { status: "VACANCIES", vacancies };
      expect(availabilityError(values), vacancies).toBe(AVAILABILITY_MESSAGES.vacancies("Moins de 18 mois"));
    }
  });
});
