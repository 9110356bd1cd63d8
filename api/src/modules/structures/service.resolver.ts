import { Arg, Ctx, ID, Query, Resolver } from "type-graphql";
import { Context } from "../../context";
import { Page } from "../common/page.type";
import { Service } from "./service.entity";
import { ServiceSearchInput } from "./service.inputs";

const ServicePage = Page(Service, "ServicePage");

@Resolver(() => Service)
export class ServiceResolver {
  @Query(() => ServicePage, { description: "Recherche de lieux et d'offres de partenaires (15 par page)." })
  services(@Arg("input", () => ServiceSearchInput) input: ServiceSearchInput, @Ctx() ctx: Context) {
    return ctx.services.structures.search(input);
  }

  @Query(() => Service, { description: "Un service par son identifiant (erreur NOT_FOUND s'il est introuvable)." })
  service(@Arg("id", () => ID) id: string, @Ctx() ctx: Context) {
    return ctx.services.structures.findById(id);
  }
}
