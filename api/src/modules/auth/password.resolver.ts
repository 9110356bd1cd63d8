import { Arg, Ctx, Mutation, Resolver } from "type-graphql";
import type { Context } from "../../context";
import { StorePasswordInput } from "./auth.inputs";

@Resolver()
export class PasswordResolver {
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
