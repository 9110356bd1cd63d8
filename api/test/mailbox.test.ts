import nodemailer, { type SendMailOptions } from "nodemailer";
import { describe, expect, it } from "vitest";
import { decodeEncodedWords, passwordLink, useMailbox } from "./mailbox";

// The test mailbox decodes what nodemailer puts on the wire; if it misread a
// message, every e-mail assertion in the integration tests would be suspect.
describe("test mailbox", () => {
  const mailbox = useMailbox();
  const send = (options: SendMailOptions) =>
    nodemailer.createTransport(mailbox.url).sendMail({ from: "Portail <no-reply@portail.test>", ...options });

  it("decodes RFC 2047 encoded-words, Q and B, and joins adjacent ones", () => {
    expect(decodeEncodedWords("=?UTF-8?Q?Cr=C3=A8che_des_=C3=A9toiles?=")).toBe("Crèche des étoiles");
    expect(decodeEncodedWords("=?UTF-8?B?w4l0w6k=?= =?UTF-8?B?IGluZGllbg==?=")).toBe("Été indien");
    expect(decodeEncodedWords("plain text")).toBe("plain text");
  });

  it("captures recipients, subject, reply-to and both bodies, quoted-printable or base64", async () => {
    const long = `Bonjour Élodie, ${"très ".repeat(40)}longue ligne.`;
    for (const textEncoding of ["quoted-printable", "base64"] as const) {
      mailbox.clear();
      await send({
        to: ["Admin@Portail.test", "other@portail.test"],
        replyTo: "Jean Dupont <jean@example.org>",
        subject: "Portail parentalité : réinitialisation — « test »",
        text: `${long}\nLien : http://localhost:4000/changement-mot-de-passe/u-1/abc_DEF-123\n`,
        html: `<p>${long}</p>`,
        textEncoding,
      });
      const mail = await mailbox.waitFor((m) => m.to.includes("admin@portail.test"), 2_000);
      // The wire really was encoded, so the decoding above is what is tested.
      expect(mail.raw).toMatch(/^Subject: =\?UTF-8\?[QB]\?/im);
      expect(mail.raw).toMatch(new RegExp(`Content-Transfer-Encoding: ${textEncoding}`, "i"));
      expect(mail.raw).not.toContain("Élodie");
      expect(mail.to).toEqual(["admin@portail.test", "other@portail.test"]);
      expect(mail.from).toBe("no-reply@portail.test");
      expect(mail.subject).toBe("Portail parentalité : réinitialisation — « test »");
      expect(mail.replyTo).toBe("jean@example.org");
      expect(mail.text).toContain(long);
      expect(mail.html).toContain(`<p>${long}</p>`);
      expect(passwordLink(mail)).toEqual({ userId: "u-1", token: "abc_DEF-123" });
    }
  });

  it("times out with the list of what it received", async () => {
    await send({ to: "a@portail.test", subject: "Autre", text: "x" });
    await expect(mailbox.waitFor((m) => m.subject === "Jamais", 100)).rejects.toThrow(/a@portail\.test: Autre/);
  });
});
