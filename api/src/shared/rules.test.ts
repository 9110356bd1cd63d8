import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import {
  addMonths,
  defaultExpiration,
  expirationError,
  formatIsoDay,
  frenchNumber,
  ofName,
  INVALID_DATE_MESSAGE,
  isIsoDay,
  isRealDay,
  parisParts,
  parisToUtc,
  parseFrenchDate,
  PAST_DATE_MESSAGE,
  startOfTodayInParis,
  todayInParis,
} from "./rules";
import { isEmailAddress, isPhoneNumber, isStrongPassword, phoneProblem, REQUIRED, requiredMessage } from "./form-rules";
import { wholeOnlyWordsHint } from "./search-words";

describe("password strength", () => {
  it.each([
    ["abc12", false], // too short
    ["abcdef", false], // one class
    ["ABCDEF", false],
    ["123456", false],
    ["abc123", true],
    ["Abcdef", true],
    ["ABC123", true],
    ["ab!@#$C", true],
    ["!!!!!!A1", true],
  ])("%s → %s", (password, strong) => expect(isStrongPassword(password)).toBe(strong));
});

describe("e-mail addresses and phone numbers", () => {
  it.each([
    ["camille.martin@example.org", true],
    ["prénom.nom@mairie-pau.fr", true],
    ["a+tag@sub.domain.eu", true],
    ["x@y", false],
    ["a@b.c", false],
    ["a b@example.org", false],
    ["a@@example.org", false],
    ["a@-example.org", false],
    ["a@example..org", false],
    [`${"a".repeat(250)}@example.org`, false],
  ])("e-mail %s → %s", (text, valid) => expect(isEmailAddress(text)).toBe(valid));

  it.each([
    ["05 59 00 00 00", true],
    ["+33 (0)5.59.00.00.00", true],
    ["0559", false],
    ["05 59 ab 00 00", false],
    ["1".repeat(31), false],
  ])("phone %s → %s", (text, valid) => expect(isPhoneNumber(text)).toBe(valid));
});

describe("required-field messages", () => {
  it("agree with their subject's gender", () => {
    expect(requiredMessage("Le nom")).toBe("Le nom est requis.");
    expect(requiredMessage("La commune", "f")).toBe("La commune est requise.");
    expect(REQUIRED.email).toBe("L'adresse e-mail est requise.");
    expect(REQUIRED.phone).toBe("Le téléphone fixe est requis.");
  });
});

describe("French dates in the Paris zone", () => {
  it("reads DD/MM/YYYY and refuses anything else", () => {
    expect(parseFrenchDate("21/05/2027")).toBe("2027-05-21");
    expect(parseFrenchDate(" 29/02/2028 ")).toBe("2028-02-29");
    expect(parseFrenchDate("30/02/2027")).toBeNull();
    expect(parseFrenchDate("2027-05-21")).toBeNull();
    expect(parseFrenchDate("1/5/2027")).toBeNull();
    expect(formatIsoDay("2027-05-21")).toBe("21/05/2027");
  });

  it("accepts only real ISO days", () => {
    expect(isIsoDay("2027-05-21")).toBe(true);
    expect(isIsoDay("2027-02-30")).toBe(false);
    expect(isIsoDay("2027-5-21")).toBe(false);
    expect(isRealDay(2028, 2, 29)).toBe(true);
    expect(isRealDay(2027, 2, 29)).toBe(false);
  });

  it("converts Paris wall-clock times to UTC across both offsets and the changes of time", () => {
    expect(parisToUtc(2026, 1, 15, 10, 0).toISOString()).toBe("2026-01-15T09:00:00.000Z");
    expect(parisToUtc(2026, 7, 15, 10, 0).toISOString()).toBe("2026-07-15T08:00:00.000Z");
    // 29/03/2026: clocks go from 02:00 to 03:00; 25/10/2026: from 03:00 back to 02:00.
    expect(parisToUtc(2026, 3, 29, 0, 0).toISOString()).toBe("2026-03-28T23:00:00.000Z");
    expect(parisToUtc(2026, 3, 29, 12, 0).toISOString()).toBe("2026-03-29T10:00:00.000Z");
    expect(parisToUtc(2026, 10, 25, 12, 0).toISOString()).toBe("2026-10-25T11:00:00.000Z");
  });

  it("knows which day it is in Paris when UTC says otherwise", () => {
    const newYear = new Date("2026-12-31T23:30:00Z");
    expect(parisParts(newYear)).toMatchObject({ year: 2027, month: 1, day: 1, hour: 0, minute: 30 });
    expect(todayInParis(newYear)).toBe("2027-01-01");
    expect(startOfTodayInParis(newYear).toISOString()).toBe("2026-12-31T23:00:00.000Z");
    expect(startOfTodayInParis(new Date("2026-07-01T12:00:00Z")).toISOString()).toBe("2026-06-30T22:00:00.000Z");
  });

  it("tells Paris time without Intl the way Intl does, every hour around each change and across years", () => {
    const intl = new Intl.DateTimeFormat("fr-FR", {
      timeZone: "Europe/Paris",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
      hourCycle: "h23",
    });
    const byIntl = (instant: Date) => {
      const p = Object.fromEntries(intl.formatToParts(instant).map((part) => [part.type, Number(part.value)]));
      return { year: p.year, month: p.month, day: p.day, hour: p.hour, minute: p.minute, second: p.second };
    };
    const instants: Date[] = [];
    // Every 37 minutes through 2026 (both changes and the new year), then a sample of years.
    for (let t = Date.UTC(2025, 11, 31, 20); t < Date.UTC(2027, 0, 1, 2); t += 37 * 60_000) instants.push(new Date(t));
    for (let year = 1996; year <= 2060; year++) {
      for (const [month, day] of [
        [2, 24],
        [2, 31],
        [9, 24],
        [9, 31],
      ] as const) {
        for (let hour = -2; hour < 30; hour++) instants.push(new Date(Date.UTC(year, month, day, hour, 59, 59)));
      }
    }
    instants.push(new Date("1980-07-01T12:00:00Z"), new Date("1995-09-30T12:00:00Z"));
    for (const instant of instants) expect(parisParts(instant), instant.toISOString()).toEqual(byIntl(instant));
  });

  it("writes numbers the French way, as Intl does", () => {
    for (const value of [0, 7, 999, 1000, 12345, 1234567, -4200]) {
      expect(frenchNumber(value)).toBe(value.toLocaleString("fr-FR"));
    }
    for (const value of [0.04, 1.25, 3.2, 3.96, 9.99, 1234.56]) {
      expect(frenchNumber(value, 1)).toBe(value.toLocaleString("fr-FR", { maximumFractionDigits: 1 }));
    }
  });

  it("adds months like a calendar", () => {
    expect(addMonths("2026-08-31", 6)).toBe("2027-02-28");
    expect(addMonths("2026-11-22", 6)).toBe("2027-05-22");
    expect(addMonths("2027-08-31", 6)).toBe("2028-02-29");
  });

  it("sets accounts to expire six months from today by default", () => {
    expect(defaultExpiration("2026-08-31")).toBe("2027-02-28");
  });

  it("accepts an expiration from today on", () => {
    expect(expirationError(null, "2026-11-22")).toBeNull();
    expect(expirationError("2026-11-22", "2026-11-22")).toBeNull();
    expect(expirationError("2026-11-21", "2026-11-22")).toBe(PAST_DATE_MESSAGE);
    expect(expirationError("2026-02-30", "2026-11-22")).toBe(INVALID_DATE_MESSAGE);
  });
});

describe("the module both builds import", () => {
  it("imports nothing, so it runs unchanged in Node and in the browser", () => {
    const source = readFileSync(join(__dirname, "rules.ts"), "utf8");
    expect(source).not.toMatch(/^\s*import\s/m);
    expect(source).not.toMatch(/\brequire\(/);
  });

  it("elides « de » before a name that starts with a vowel", () => {
    expect(ofName("Élodie Durand")).toBe("d'Élodie Durand");
    expect(ofName("anne Laborde")).toBe("d'anne Laborde");
    expect(ofName("Yves Etcheverry")).toBe("d'Yves Etcheverry");
    expect(ofName("Marie Laborde")).toBe("de Marie Laborde");
    expect(ofName("Hélène Bordes")).toBe("d'Hélène Bordes");
  });
});

describe("short words of a search", () => {
  it("says why a word of two letters finds nothing, in the singular and the plural", () => {
    expect(wholeOnlyWordsHint(["cr"])).toBe(
      "« cr » est cherché comme un mot entier : tapez au moins 3 lettres pour trouver les mots qui commencent ainsi.",
    );
    expect(wholeOnlyWordsHint(["cr", "ma", "pa"])).toBe(
      "« cr », « ma » et « pa » sont cherchés comme des mots entiers : tapez au moins 3 lettres pour trouver les mots qui commencent ainsi.",
    );
  });
});

describe("phoneProblem", () => {
  it("asks for a blank phone and refuses what is not one", () => {
    expect(phoneProblem("  ")).toBe("Le téléphone fixe est requis.");
    expect(phoneProblem("05 59 0")).toBe("Le numéro de téléphone n'est pas valide.");
    expect(phoneProblem(" 05 59 00 00 00 ")).toBeNull();
  });
});
