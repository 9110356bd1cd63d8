import { Arg, Ctx, Mutation, Query, Resolver } from "type-graphql";
import type { Context } from "../../context";
import { User } from "../users/user.entity";
import { LoginInput } from "./auth.inputs";

@Resolver()
export class AuthResolver {
  @Query(() => User, { nullable: true, description: "Le compte connecté ; null pour un visiteur." })
  currentUser(@Ctx() ctx: Context): User | null {
    return ctx.viewer.user;
  }

  @Mutation(() => User, { description: "Connexion : ouvre une session (cookie httpOnly)." })
  login(@Arg("input", () => LoginInput) input: LoginInput, @Ctx() ctx: Context) {
    return ctx.services.auth.login(ctx.http, input);
  }

  @Mutation(() => Boolean, { description: "Déconnexion : ferme la session." })
  async logout(@Ctx() ctx: Context): Promise<boolean> {
    await ctx.services.auth.logout(ctx.http);
    return true;
  }
}
