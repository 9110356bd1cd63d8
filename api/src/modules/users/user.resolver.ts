import {
  Authorized,
  Arg,
  Ctx,
  Field,
  FieldResolver,
  Int,
  Mutation,
  ObjectType,
  Query,
  Resolver,
  Root,
} from "type-graphql";
import { ID } from "../common/id.scalar";
import type { Context } from "../../context";
import { accountAbilities, userRowAbilities } from "../../policies/abilities";
import { viewerOf } from "../../policies/viewer";
import { Role } from "../reference/reference.data";
import { AccountAbilitiesType, UserRowAbilitiesType } from "./user-abilities.type";
import { User } from "./user.entity";
import { JoinInput, UserInput, UserSearchInput } from "./user.inputs";

@ObjectType({ description: "Une page de la gestion des utilisateurs." })
class UserSearchResult {
  @Field(() => [User]) users: User[];
  @Field(() => Int, { description: "Nombre total de comptes correspondants." }) total: number;
  @Field(() => Int, { description: "Demandes de partenariat en attente de validation." }) waiting: number;
}

@Resolver(() => User)
export class UserResolver {
  @Mutation(() => Boolean, { description: "Demande de partenariat ; les administrateurs sont prévenus par e-mail." })
  async requestPartnership(@Arg("input", () => JoinInput) input: JoinInput, @Ctx() ctx: Context): Promise<boolean> {
    await ctx.services.users.join(input, ctx.http.ip);
    return true;
  }

  @Query(() => UserSearchResult, { description: "Gestion des utilisateurs (administrateurs)." })
  @Authorized(Role.ADMIN)
  users(@Arg("input", () => UserSearchInput) input: UserSearchInput, @Ctx() ctx: Context) {
    return ctx.services.users.search(ctx.viewer, input);
  }

  @Query(() => String, { description: "Export CSV des comptes (UTF-8 avec BOM, séparateur « ; »)." })
  @Authorized(Role.ADMIN)
  usersCsv(@Ctx() ctx: Context) {
    return ctx.services.users.exportCsv(ctx.viewer);
  }

  @Query(() => User, { description: "Un compte : pour les administrateurs ou le titulaire." })
  @Authorized()
  userProfile(@Arg("id", () => ID) id: string, @Ctx() ctx: Context) {
    return ctx.services.users.profile(ctx.viewer, id);
  }

  @Mutation(() => User, { description: "Crée un compte (en attente) et envoie le lien de choix du mot de passe." })
  @Authorized(Role.ADMIN)
  createUser(@Arg("input", () => UserInput) input: UserInput, @Ctx() ctx: Context) {
    return ctx.services.users.create(ctx.viewer, input);
  }

  @Mutation(() => User)
  @Authorized(Role.ADMIN)
  updateUser(@Arg("id", () => ID) id: string, @Arg("input", () => UserInput) input: UserInput, @Ctx() ctx: Context) {
    return ctx.services.users.update(ctx.viewer, id, input);
  }

  @Mutation(() => User, {
    description: "Valide une demande de partenariat et envoie le lien de choix du mot de passe.",
  })
  @Authorized(Role.ADMIN)
  acceptUser(
    @Arg("id", () => ID) id: string,
    @Arg("townCode", () => String, {
      nullable: true,
      description:
        "Code INSEE de la commune du partenaire ; elle remplace celle de la demande. Sans lui, une demande sans commune prend celle que son adresse nomme, ou est validée sans (« Commune à préciser »).",
    })
    townCode: string | null,
    @Arg("defaultExpiration", () => Boolean, {
      nullable: true,
      defaultValue: true,
      description:
        "Donne à une demande sans date d'expiration celle par défaut (dans 6 mois). false : l'administrateur a laissé la date vide (compte sans expiration).",
    })
    defaultExpiration: boolean | null,
    @Ctx() ctx: Context,
  ) {
    return ctx.services.users.accept(ctx.viewer, id, townCode, { defaultExpiration: defaultExpiration !== false });
  }

  @Mutation(() => Boolean, {
    description:
      "Suppression (le compte passe à l'état supprimé) ; ses données personnelles sont effacées douze mois plus tard, " +
      "ou tout de suite avec `erase` (à la demande de la personne, y compris pour un compte déjà supprimé). " +
      "Les fiches de service dont il est le seul propriétaire sont confiées au compte `handSheetsTo`, " +
      "ou aux administrateurs sans lui (elles n'ont alors plus de propriétaire et leurs relances vont aux administrateurs) ; " +
      "celles qu'il partage perdent seulement ce compte.",
  })
  @Authorized(Role.ADMIN)
  async deleteUser(
    @Arg("id", () => ID) id: string,
    @Arg("erase", () => Boolean, {
      defaultValue: false,
      description: "Effacer aussi, tout de suite, les données personnelles du compte.",
    })
    erase: boolean,
    @Arg("handSheetsTo", () => ID, {
      nullable: true,
      description:
        "Le compte (professionnel ou administrateur actif) qui reprend les fiches dont ce compte est le seul propriétaire ; " +
        "sans lui, elles passent aux administrateurs.",
    })
    handSheetsTo: string | null,
    @Ctx() ctx: Context,
  ): Promise<boolean> {
    await ctx.services.users.remove(ctx.viewer, id, { erase, handSheetsTo });
    return true;
  }

  @FieldResolver(() => AccountAbilitiesType, {
    description: "Ce que ce compte peut faire sur le portail (publier, avoir des services, gérer les comptes…).",
  })
  can(@Root() user: User): AccountAbilitiesType {
    return accountAbilities(viewerOf(user));
  }

  @FieldResolver(() => String, {
    nullable: true,
    description: "Code INSEE de la commune du compte ; null : aucune (« Commune à préciser » pour un partenaire).",
  })
  townCode(@Root() user: User, @Ctx() ctx: Context): string | null {
    return ctx.services.geo.inseeCodeOf(user.city, { epci: user.epci });
  }

  @FieldResolver(() => UserRowAbilitiesType, { description: "Ce que le compte connecté peut faire de ce compte." })
  viewerCan(@Root() user: User, @Ctx() ctx: Context): UserRowAbilitiesType {
    return userRowAbilities(ctx.viewer, user);
  }
}
