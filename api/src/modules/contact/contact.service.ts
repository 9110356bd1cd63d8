import { TooManyRequestsError, ValidationError } from "../../errors";
import { requirePartner } from "../../policies/account.policy";
import type { Viewer } from "../../policies/viewer";
import { REQUIRED } from "../../shared/form-rules";
import type { ThrottleRule, ThrottleService } from "../auth/throttle.service";
import { clean, requireText } from "../common/clean-text";
import type { Mailer } from "../mail/mailer";
import { mailTemplates } from "../mail/templates";
import { ROLE_LABELS } from "../reference/reference.data";
import type { ContactInput } from "./contact.inputs";

/**
 * Messages an account may send an hour (only signed-in partners can): enough for a partner's
 * questions, not for a script with a stolen session to flood the contact address.
 */
export const CONTACT_LIMITS: Record<"account", ThrottleRule> = {
  account: { max: 5, windowMs: 3600_000, blockMs: 3600_000 },
};

export const TOO_MANY_CONTACT_MESSAGES =
  "Vous avez envoyé trop de messages depuis votre compte : réessayez dans une heure.";

/** The partners' contact form: a message to the configured address, with the sender as reply-to. */
export class ContactService {
  constructor(
    private readonly mailer: Mailer,
    private readonly throttle: ThrottleService,
    private readonly publicUrl: string,
    private readonly contactEmail: string,
  ) {}

  async send(viewer: Viewer, input: ContactInput): Promise<void> {
    const sender = requirePartner(viewer);
    const fields = { object: clean(input.object), message: input.message.trim() };
    requireText(fields, { object: REQUIRED.object, message: REQUIRED.message });
    if (!this.contactEmail) throw new ValidationError("Aucune adresse de contact n'est configurée sur le portail.");
    // Counted before it is sent: messages sent together all count.
    const wait = await this.throttle.attempt([[`contact:account:${sender.id}`, CONTACT_LIMITS.account]]);
    if (wait !== null) throw new TooManyRequestsError(TOO_MANY_CONTACT_MESSAGES, wait);
    await this.mailer.send({
      to: this.contactEmail,
      replyTo: sender.email,
      ...mailTemplates.contactMessage(
        this.publicUrl,
        { ...sender, roleLabel: ROLE_LABELS[sender.role] },
        fields.object,
        fields.message,
      ),
    });
  }
}
