import { Arg, Authorized, Ctx, Mutation, Resolver } from "type-graphql";
import type { Context } from "../../context";
import { ContactInput } from "./contact.inputs";

@Resolver()
export class ContactResolver {
  @Mutation(() => Boolean, { description: "Message du formulaire de contact." })
  @Authorized()
  async sendContactMessage(@Arg("input", () => ContactInput) input: ContactInput, @Ctx() ctx: Context) {
    await ctx.services.contact.send(ctx.viewer, input);
    return true;
  }
}
