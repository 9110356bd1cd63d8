import { type GraphQLResolveInfo } from "graphql";
import { Authorized, Arg, Ctx, FieldResolver, Float, Info, Mutation, Query, Resolver, Root } from "type-graphql";
import { ID } from "../common/id.scalar";
import type { Context } from "../../context";
import { canEditSheet, canSeeSheetOwner } from "../../policies/sheet.policy";
import { checkedPoint, GeoPointInput } from "../common/geo-point.type";
import { Page } from "../common/page.type";
import { withSearchHelp } from "../common/search-help";
import { requestedFields } from "../common/requested-fields";
import { distanceKm } from "../geo/distance";
import { PersonName, personName } from "../common/person-name.type";
import { ViewerAbilities } from "../common/viewer-abilities.type";
import { Sheet } from "./sheet.entity";
import { SheetInput, SheetSearchInput } from "./sheet.inputs";
import { SERVICE_VOCABULARY, serviceWordGroups } from "./service-words";
import { openingStatus } from "./opening-hours";
import { serviceTypeInfo } from "../reference/reference.data";
import { ServiceTypeOption, serviceTypeOption } from "../reference/reference.resolver";
import { OpeningHoursType, openingHoursType, OpeningStatusType } from "./opening-hours.types";

const SheetPage = Page(Sheet, "ServicePage");

@Resolver(() => Sheet)
export class SheetResolver {
  @Query(() => SheetPage, { description: "Recherche de lieux et d'offres de partenaires (15 par page)." })
  async services(
    @Arg("input", () => SheetSearchInput) input: SheetSearchInput,
    @Ctx() ctx: Context,
    @Info() info: GraphQLResolveInfo,
  ) {
    // A page reads the columns its cards show (the description, a long text, only when asked).
    const page = await ctx.reads.sheets.search(input, { fields: requestedFields(info, ["results"]) });
    const towns = ctx.services.geo.townVocabulary();
    return withSearchHelp(
      page,
      { textQuery: input.textQuery, textSearched: serviceWordGroups(input.textQuery).length > 0 },
      { words: [SERVICE_VOCABULARY, towns], places: [] },
    );
  }

  @Query(() => Sheet, { description: "Un service par son identifiant (erreur NOT_FOUND s'il est introuvable)." })
  service(@Arg("id", () => ID) id: string, @Ctx() ctx: Context) {
    return ctx.reads.sheets.findById(id);
  }

  @Query(() => [Sheet], {
    description: "Les services d'un compte (le sien, ou celui de n'importe qui pour un administrateur).",
  })
  @Authorized()
  servicesOfOwner(@Arg("userId", () => ID) userId: string, @Ctx() ctx: Context) {
    return ctx.services.sheetEditor.ofOwner(ctx.viewer, userId);
  }

  @Mutation(() => Sheet, { description: "Crée la fiche d'un service, rattachée au compte ownerId." })
  @Authorized()
  createService(
    @Arg("ownerId", () => ID) ownerId: string,
    @Arg("input", () => SheetInput) input: SheetInput,
    @Ctx() ctx: Context,
  ) {
    return ctx.services.sheetEditor.create(ctx.viewer, ownerId, input);
  }

  @Mutation(() => Sheet, { description: "Modifie une fiche (ses membres ou un administrateur)." })
  @Authorized()
  updateService(
    @Arg("id", () => ID) id: string,
    @Arg("input", () => SheetInput) input: SheetInput,
    @Ctx() ctx: Context,
  ) {
    return ctx.services.sheetEditor.update(ctx.viewer, id, input);
  }

  @Mutation(() => Boolean, { description: "Supprime une fiche (ses membres ou un administrateur)." })
  @Authorized()
  async deleteService(@Arg("id", () => ID) id: string, @Ctx() ctx: Context): Promise<boolean> {
    await ctx.services.sheetEditor.remove(ctx.viewer, id);
    return true;
  }

  @FieldResolver(() => PersonName, {
    nullable: true,
    description: "Le compte propriétaire (visible de ses membres et des administrateurs).",
  })
  async owner(@Root() service: Sheet, @Ctx() ctx: Context): Promise<PersonName | null> {
    if (!canSeeSheetOwner(ctx.viewer, service) || service.userIds.length === 0) return null;
    const user = await ctx.loaders.userById.load(service.userIds[0]);
    return user && personName(user);
  }

  @FieldResolver(() => Float, {
    nullable: true,
    description:
      "Distance en km (grand cercle, au mètre près) jusqu'au point donné, par exemple le lieu d'une " +
      "recherche autour d'un lieu ; null pour un service sans position.",
  })
  distanceKm(
    @Root() service: Sheet,
    @Arg("from", () => GeoPointInput, { validate: false }) from: GeoPointInput,
  ): number | null {
    const location = service.location;
    // To the metre: the 15 decimals of a float say nothing more about a place.
    return location ? Math.round(distanceKm(checkedPoint(from), location) * 1000) / 1000 : null;
  }

  @FieldResolver(() => Boolean, {
    description:
      "Le service déclare intervenir sur l'intercommunalité de la commune de ce point " +
      "(« intervient sur votre commune ») ; une recherche autour d'un lieu le trouve où qu'il soit.",
  })
  coversPlace(
    @Root() service: Sheet,
    @Arg("at", () => GeoPointInput, { validate: false }) at: GeoPointInput,
    @Ctx() ctx: Context,
  ): boolean {
    return ctx.services.sheets.coversTownAt(service, checkedPoint(at));
  }

  @FieldResolver(() => OpeningHoursType, {
    nullable: true,
    description: "Horaires ; null s'ils ne sont pas renseignés.",
  })
  openingHours(@Root() service: Sheet): OpeningHoursType | null {
    return service.hours && openingHoursType(service.hours);
  }

  @FieldResolver(() => OpeningStatusType, {
    nullable: true,
    description: "Ce que disent les horaires pour aujourd'hui, heure de Paris ; null s'ils ne sont pas renseignés.",
  })
  openingStatus(@Root() service: Sheet, @Ctx() ctx: Context): OpeningStatusType | null {
    return service.hours && openingStatus(service.hours, ctx.services.sheets.now());
  }

  @FieldResolver(() => [ServiceTypeOption], {
    description:
      "Les types de la fiche avec leurs libellés et leurs explications pour les familles (dont la version " +
      "« Facile à lire et à comprendre »), dans l'ordre de la fiche.",
  })
  typeExplanations(@Root() service: Sheet): ServiceTypeOption[] {
    return service.types.flatMap((type) => {
      const info = serviceTypeInfo(type);
      return info ? [serviceTypeOption(info)] : [];
    });
  }

  @FieldResolver(() => ViewerAbilities)
  viewerCan(@Root() service: Sheet, @Ctx() ctx: Context): ViewerAbilities {
    const allowed = canEditSheet(ctx.viewer, service);
    return { update: allowed, delete: allowed };
  }
}
