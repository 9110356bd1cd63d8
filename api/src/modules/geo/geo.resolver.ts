import { Arg, Ctx, Field, ObjectType, Query, Resolver } from "type-graphql";
import { GeoPoint } from "../common/geo-point.type";
import { Context } from "../../context";
import { Town } from "./town.entity";

@ObjectType({ description: "Le département couvert par le portail." })
class Department {
  @Field() code: string;
  @Field() name: string;
  @Field({ description: "Nom précédé de sa préposition (« des Pyrénées-Atlantiques »)." })
  nameWithPreposition: string;
}

@ObjectType({ description: "Les communes d'une intercommunalité (EPCI)." })
class TownGroup {
  @Field() epci: string;
  @Field(() => String, { nullable: true }) epciCode: string | null;
  @Field(() => [Town]) towns: Town[];
}

@Resolver()
export class GeoResolver {
  @Query(() => Department)
  department(@Ctx() ctx: Context): Department {
    return ctx.services.geo.department;
  }

  @Query(() => [TownGroup], { description: "Les communes du département, regroupées par intercommunalité." })
  townGroups(@Ctx() ctx: Context) {
    return ctx.services.geo.townGroups();
  }

  @Query(() => Town, {
    nullable: true,
    description:
      "« Vouliez-vous dire … ? » : la commune du département dont le nom est le plus proche d'un texte qui n'en nomme aucune " +
      "(« Lesacr » : Lescar) ; null pour un texte qui nomme une commune ou n'est proche d'aucune.",
  })
  closestTown(@Arg("text") text: string, @Ctx() ctx: Context) {
    return ctx.services.geo.closestTown(text);
  }
}

@ObjectType({ description: "Une adresse proposée pendant la saisie." })
class AddressSuggestion {
  @Field({ description: "Adresse complète." }) label: string;
  @Field(() => String, { nullable: true, description: "Numéro et voie." }) street: string | null;
  @Field() postcode: string;
  @Field() city: string;
  @Field(() => String, { nullable: true, description: "Code INSEE de la commune du département." }) inseeCode:
    string | null;
  @Field(() => String, { nullable: true }) epci: string | null;
  @Field(() => GeoPoint) location: GeoPoint;
}

@Resolver()
export class AddressResolver {
  @Query(() => [AddressSuggestion], {
    description:
      "Adresses du département correspondant au texte saisi (3 caractères au moins), dans la commune townCode si elle est donnée.",
  })
  async addressSuggestions(
    @Arg("query") query: string,
    @Arg("townCode", () => String, { nullable: true }) townCode: string | null,
    @Ctx() ctx: Context,
  ): Promise<AddressSuggestion[]> {
    const suggestions = await ctx.services.addresses.suggest(query, townCode, ctx.http.ip);
    return suggestions.map(({ lat, lon, ...rest }) => ({
      ...rest,
      location: Object.assign(new GeoPoint(), { lat, lon }),
    }));
  }
}
