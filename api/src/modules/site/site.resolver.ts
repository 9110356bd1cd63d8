import { Ctx, Field, ObjectType, Query, Resolver } from "type-graphql";
import type { Context } from "../../context";
import { PORTAL_NAME } from "../../shared/rules";

@ObjectType({ description: "Identité du portail, affichée dans les mentions légales et les conditions d'utilisation." })
export class SiteInfo {
  @Field() portalName: string;
  @Field() departmentName: string;
  @Field() departmentWithPreposition: string;
  @Field() publisherName: string;
  @Field() publisherAddress: string;
  @Field() publicationDirector: string;
  @Field() hostName: string;
  @Field() hostAddress: string;
  @Field({ description: "Contact du délégué à la protection des données ; vide : non configuré." }) dpoContact: string;
  @Field() contactEmail: string;
  @Field() publicUrl: string;
  @Field({ description: "Fond de carte : « mapbox » quand un jeton Mapbox est configuré, sinon « ign » (Plan IGN)." })
  mapProvider: string;
  @Field(() => String, { nullable: true, description: "Jeton public Mapbox (pk.…), pour les cartes du navigateur." })
  mapboxToken: string | null;
  @Field({ description: "Tuiles du fond de carte (modèle d'adresse avec {z}, {x} et {y}), sans jeton Mapbox." })
  mapTilesUrl: string;
  @Field({ description: "Le fond de carte répond : les pages chargent alors leurs cartes." })
  mapAvailable: boolean;
}

/** The configured identity, with defaults derived from the department. */
export function siteInfo({ config, services }: Pick<Context, "config" | "services">): SiteInfo {
  const department = services.geo.department;
  const publisherName =
    config.site.publisherName || `Caisse d'allocations familiales ${department.nameWithPreposition}`;
  return {
    ...config.site,
    portalName: PORTAL_NAME,
    departmentName: department.name,
    departmentWithPreposition: department.nameWithPreposition,
    publisherName,
    hostName: config.site.hostName || publisherName,
    publicUrl: config.publicUrl,
    mapProvider: config.mapboxToken ? "mapbox" : "ign",
    mapboxToken: config.mapboxToken,
    mapTilesUrl: config.basemapUrl,
    mapAvailable: services.basemap.isAvailable(),
  };
}

@Resolver()
export class SiteResolver {
  @Query(() => SiteInfo)
  site(@Ctx() ctx: Context): SiteInfo {
    return siteInfo(ctx);
  }
}
