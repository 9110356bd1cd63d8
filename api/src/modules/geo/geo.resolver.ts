import { Ctx, Field, ObjectType, Query, Resolver } from "type-graphql";
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
}
