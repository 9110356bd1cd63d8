import { describe, expect, it } from "vitest";
import { actor, newAgent } from "../../../test/agent";
import { useMailbox } from "../../../test/mailbox";
import { useTestPortal } from "../../../test/portal";
import { Role, ROLE_LABELS } from "../reference/reference.data";
import { CONTACT_LIMITS, TOO_MANY_CONTACT_MESSAGES } from "./contact.service";

const CONTACT = "contact@portail.test";
const SEND = `mutation ($input: ContactInput!) { sendContactMessage(input: $input) }`;
const MESSAGE = "Bonjour,\nnous organisons une fête des familles le 12 juin.\nPouvez-vous l'annoncer ?";

describe("contact form", () => {
  const mailbox = useMailbox();

  describe("with a contact address configured", () => {
    const t = useTestPortal(() => ({ SMTP_URL: mailbox.url, CONTACT_EMAIL: CONTACT }));

    const partners = [Role.NEWS_PARTNER, Role.FULL_PARTNER, Role.ADMIN] as const;

    it.each(partners)(
      "sends a %s's message to the contact address, with the sender as reply-to (GraphQL)",
      async (role) => {
        const { agent, user } = await actor(t, role, {
          name: "Haran",
          surname: "Maïté",
          email: `maite.${role.toLowerCase()}@example.org`,
        });
        const result = await agent.graphql(SEND, { input: { object: "Fête des familles", message: MESSAGE } });
        expect(result.errors).toBeUndefined();
        expect(result.data).toEqual({ sendContactMessage: true });

        const mail = await mailbox.waitFor();
        expect(mailbox.messages).toHaveLength(1);
        expect(mail.to).toEqual([CONTACT]);
        expect(mail.replyTo).toBe(user!.email);
        expect(mail.subject).toBe("Portail parentalité : message de contact : Fête des familles");
        expect(mail.text).toContain(
          `Message de Maïté Haran (${user!.email}, ${ROLE_LABELS[role]}) envoyé depuis le formulaire de contact.`,
        );
        expect(mail.text).toContain("Objet : Fête des familles");
        expect(mail.text).toContain(MESSAGE);
        expect(mail.html).toContain(
          "nous organisons une fête des familles le 12 juin.<br>Pouvez-vous l&#39;annoncer ?",
        );
      },
    );

    it("sends through REST with 'Message envoyé'", async () => {
      const { agent, user } = await actor(t, Role.FULL_PARTNER);
      const response = await agent.rest("POST", "/api/contact", {
        object: "  Question   sur  le portail ",
        message: "Merci !",
      });
      expect(response).toMatchObject({ status: 200, body: { message: "Message envoyé" } });
      const mail = await mailbox.waitFor();
      expect(mail).toMatchObject({
        to: [CONTACT],
        replyTo: user!.email,
        subject: "Portail parentalité : message de contact : Question sur le portail",
      });
      expect(mail.text).toContain("Merci !");
    });

    it("refuses a visitor with UNAUTHENTICATED / 401 and sends nothing", async () => {
      const visitor = newAgent(t);
      const graphql = await visitor.graphql(SEND, { input: { object: "Objet", message: "Message" } });
      expect(graphql.errors?.[0]).toMatchObject({
        message: "Vous devez être connecté pour effectuer cette action.",
        extensions: { code: "UNAUTHENTICATED" },
      });
      expect(await visitor.rest("POST", "/api/contact", { object: "Objet", message: "Message" })).toMatchObject({
        status: 401,
        body: { code: "UNAUTHENTICATED" },
      });
      expect(mailbox.messages).toEqual([]);
    });

    const badMessages: Array<[string, Record<string, unknown>, string]> = [
      ["a missing object", { message: "Message" }, "Requête invalide : le champ « object » est requis."],
      ["a missing message", { object: "Objet" }, "Requête invalide : le champ « message » est requis."],
      ["an empty object", { object: "", message: "Message" }, "L'objet est requis."],
      ["a blank object", { object: " \t ", message: "Message" }, "L'objet est requis."],
      ["a blank message", { object: "Objet", message: "\n \n" }, "Le message est requis."],
      [
        "a number for the object",
        { object: 42, message: "Message" },
        "Requête invalide : le champ « object » attend du texte.",
      ],
      [
        "a 201-character object",
        { object: "o".repeat(201), message: "Message" },
        "L'objet ne doit pas dépasser 200 caractères.",
      ],
      [
        "a 5001-character message",
        { object: "Objet", message: "m".repeat(5001) },
        "Le message ne doit pas dépasser 5000 caractères.",
      ],
    ];

    it.each(badMessages)("refuses %s with 400 and a French message, sending nothing", async (_name, body, message) => {
      const { agent } = await actor(t, Role.NEWS_PARTNER);
      expect(await agent.rest("POST", "/api/contact", body)).toMatchObject({
        status: 400,
        body: { code: "BAD_USER_INPUT", message },
      });
      const graphql = await agent.graphql(SEND, { input: body });
      expect(graphql.errors?.[0]).toMatchObject({ message, extensions: { code: "BAD_USER_INPUT" } });
      expect(mailbox.messages).toEqual([]);
    });

    it("takes 5 messages an hour from one account, then answers 429 with Retry-After, whatever the address", async () => {
      const { agent } = await actor(t, Role.FULL_PARTNER);
      const send = (index: number) =>
        agent.rest("POST", "/api/contact", { object: `Question ${index}`, message: "Texte" });
      // Sent together: each counts.
      const answers = await Promise.all(Array.from({ length: CONTACT_LIMITS.account.max }, (_, index) => send(index)));
      expect(answers.map((answer) => answer.status)).toEqual(Array(CONTACT_LIMITS.account.max).fill(200));
      const refused = await send(5);
      expect(refused).toMatchObject({
        status: 429,
        body: { code: "TOO_MANY_REQUESTS", message: TOO_MANY_CONTACT_MESSAGES },
      });
      const wait = Number(refused.headers.get("retry-after"));
      expect(wait).toBeGreaterThan(CONTACT_LIMITS.account.blockMs / 1000 - 60);
      expect(wait).toBeLessThanOrEqual(CONTACT_LIMITS.account.blockMs / 1000);
      // Through GraphQL, and from another address with the same session.
      const graphql = await agent.graphql(
        SEND,
        { input: { object: "Objet", message: "Texte" } },
        { "x-forwarded-for": "203.0.113.8" },
      );
      expect(graphql.errors?.[0]).toMatchObject({
        message: TOO_MANY_CONTACT_MESSAGES,
        extensions: { code: "TOO_MANY_REQUESTS", retryAfter: expect.any(Number) },
      });
      expect(mailbox.messages).toHaveLength(CONTACT_LIMITS.account.max);

      // Another partner, at the same address, still writes.
      const { agent: other } = await actor(t, Role.NEWS_PARTNER);
      expect((await other.rest("POST", "/api/contact", { object: "Objet", message: "Texte" })).status).toBe(200);
      expect(mailbox.messages).toHaveLength(CONTACT_LIMITS.account.max + 1);
    });

    it("cannot be used to add headers or recipients", async () => {
      const { agent } = await actor(t, Role.NEWS_PARTNER);
      const object = "Bonjour\r\nBcc: victim@example.org\r\nX-Injected: yes";
      expect((await agent.rest("POST", "/api/contact", { object, message: "Texte" })).status).toBe(200);
      const mail = await mailbox.waitFor();
      expect(mail.to).toEqual([CONTACT]);
      expect(mail.headers).not.toHaveProperty("x-injected");
      expect(mail.subject).toBe(
        "Portail parentalité : message de contact : Bonjour Bcc: victim@example.org X-Injected: yes",
      );
    });
  });

  describe("without a contact address", () => {
    const t = useTestPortal(() => ({ SMTP_URL: mailbox.url }));

    it("answers a clear 400 and sends nothing", async () => {
      const { agent } = await actor(t, Role.FULL_PARTNER);
      expect(await agent.rest("POST", "/api/contact", { object: "Objet", message: "Message" })).toMatchObject({
        status: 400,
        body: { code: "BAD_USER_INPUT", message: "Aucune adresse de contact n'est configurée sur le portail." },
      });
      expect(mailbox.messages).toEqual([]);
    });
  });
});
