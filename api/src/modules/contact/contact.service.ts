import { ValidationError } from "../../errors";
import { requirePartner } from "../../policies/account.policy";
import type { Viewer } from "../../policies/viewer";
import { REQUIRED } from "../../shared/form-rules";
import { clean, requireText } from "../common/clean-text";
import type { Mailer } from "../mail/mailer";
import { mailTemplates } from "../mail/templates";
import { ROLE_LABELS } from "../reference/reference.data";
import type { ContactInput } from "./contact.inputs";

/** The partners' contact form: a message to the configured address, with the sender as reply-to. */
export class ContactService {
  constructor(
    private readonly mailer: Mailer,
    private readonly publicUrl: string,
    private readonly contactEmail: string,
  ) {}

  async send(viewer: Viewer, input: ContactInput): Promise<void> {
    const sender = requirePartner(viewer);
    const fields = { object: clean(input.object), message: input.message.trim() };
    requireText(fields, { object: REQUIRED.object, message: REQUIRED.message });
    if (!this.contactEmail) throw new ValidationError("Aucune adresse de contact n'est configurée sur le portail.");
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
