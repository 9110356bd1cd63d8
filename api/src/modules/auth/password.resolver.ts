import { Arg, Ctx, Mutation, Query, Resolver } from "type-graphql";
import { ID } from "../common/id.scalar";
import type { Context } from "../../context";
import { StorePasswordInput } from "./auth.inputs";

@Resolver()
export class PasswordResolver {
  @Query(() => Boolean, {
    description:
      "Si le lien reçu par e-mail ouvre encore le choix du mot de passe (ni utilisé, ni expiré) ; il n'est pas consommé.",
  })
  async passwordLinkValid(
    @Arg("userId", () => ID) userId: string,
    @Arg("token") token: string,
    @Ctx() ctx: Context,
  ): Promise<boolean> {
    return ctx.services.passwords.linkIsValid(userId, token);
  }

  @Mutation(() => Boolean, { description: "Choix du mot de passe depuis le lien reçu par e-mail." })
  async storePassword(@Arg("input", () => StorePasswordInput) input: StorePasswordInput, @Ctx() ctx: Context) {
    await ctx.services.passwords.storePassword(input);
    return true;
  }

  @Mutation(() => Boolean, { description: "Mot de passe oublié : envoie un lien de réinitialisation." })
  async requestPasswordReset(@Arg("email") email: string, @Ctx() ctx: Context): Promise<boolean> {
    await ctx.services.passwords.requestReset(ctx.http, email);
    return true;
  }
}
