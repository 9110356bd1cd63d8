import { type GraphQLResolveInfo } from "graphql";
import {
  Authorized,
  Arg,
  Ctx,
  Field,
  FieldResolver,
  Float,
  Info,
  Mutation,
  ObjectType,
  Query,
  Resolver,
  Root,
} from "type-graphql";
import { ID } from "../common/id.scalar";
import type { Context } from "../../context";
import { canEditMedia, canSeeMediaOwner } from "../../policies/media.policy";
import { wordGroups } from "../common/facets";
import { PageFields } from "../common/page.type";
import { checkedPoint, GeoPointInput } from "../common/geo-point.type";
import { distanceKm } from "../geo/distance";
import { withSearchHelp } from "../common/search-help";
import { SERVICE_VOCABULARY } from "../sheets/service-words";
import { requestedFields } from "../common/requested-fields";
import { PersonName, personName } from "../common/person-name.type";
import { ViewerAbilities } from "../common/viewer-abilities.type";
import { calendarEvent, icalendar } from "../feeds/icalendar";
import { Media } from "./media.entity";
import { MediaInput, MediaSearchInput } from "./media.inputs";

@ObjectType("MediaPage", { simpleResolvers: true })
class MediaPage extends PageFields(Media) {
  @Field(() => Date, {
    nullable: true,
    description:
      "Sans résultat dans une période qui a une fin (eventTo) : le début du premier évènement après elle que " +
      "trouve la même recherche (autour du même lieu, s'il y en a un) ; null sinon (« Prochain évènement : … »).",
  })
  nextEventFrom?: Date | null;
}

@Resolver(() => Media)
export class MediaResolver {
  @Query(() => MediaPage, { description: "Recherche d'actualités, d'évènements et de ressources (15 par page)." })
  async mediaSearch(
    @Arg("input", () => MediaSearchInput) input: MediaSearchInput,
    @Ctx() ctx: Context,
    @Info() info: GraphQLResolveInfo,
  ) {
    // A page reads the columns its cards show (the article, a long text, only when asked).
    const page = await ctx.reads.media.search(ctx.viewer, input, { fields: requestedFields(info, ["results"]) });
    const towns = ctx.services.geo.townVocabulary();
    return withSearchHelp(
      page,
      { ...input, textSearched: wordGroups(input.textQuery).length > 0 },
      { words: [towns, SERVICE_VOCABULARY], places: [towns] },
    );
  }

  @Query(() => Media, { description: "Un article par son identifiant (erreur NOT_FOUND s'il est introuvable)." })
  media(@Arg("id", () => ID) id: string, @Ctx() ctx: Context) {
    return ctx.reads.media.findVisible(ctx.viewer, id);
  }

  @Mutation(() => Media, { description: "Publie un article (envoyer d'abord ses fichiers)." })
  @Authorized()
  createMedia(@Arg("input", () => MediaInput) input: MediaInput, @Ctx() ctx: Context) {
    return ctx.services.mediaEditor.create(ctx.viewer, input);
  }

  @Mutation(() => Media, { description: "Modifie un article (son auteur ou un administrateur)." })
  @Authorized()
  updateMedia(@Arg("id", () => ID) id: string, @Arg("input", () => MediaInput) input: MediaInput, @Ctx() ctx: Context) {
    return ctx.services.mediaEditor.update(ctx.viewer, id, input);
  }

  @Mutation(() => Boolean, { description: "Supprime un article (son auteur ou un administrateur)." })
  @Authorized()
  async deleteMedia(@Arg("id", () => ID) id: string, @Ctx() ctx: Context): Promise<boolean> {
    await ctx.services.mediaEditor.remove(ctx.viewer, id);
    return true;
  }

  @FieldResolver(() => PersonName, {
    nullable: true,
    description: "Le compte auquel l'article est rattaché (visible des administrateurs seulement).",
  })
  async owner(@Root() media: Media, @Ctx() ctx: Context): Promise<PersonName | null> {
    if (!canSeeMediaOwner(ctx.viewer) || media.userIds.length === 0) return null;
    const user = await ctx.loaders.userById.load(media.userIds[0]);
    return user && personName(user);
  }

  @FieldResolver(() => String, {
    nullable: true,
    description:
      "L'évènement au format iCalendar (RFC 5545, heure de Paris), à ajouter à un agenda ; null pour un article qui n'est pas un évènement.",
  })
  icalendar(@Root() media: Media, @Ctx() ctx: Context): string | null {
    const event = calendarEvent(media, ctx.config.publicUrl);
    return event && icalendar([event], { name: media.title });
  }

  @FieldResolver(() => Float, {
    nullable: true,
    description:
      "Distance à vol d'oiseau de ce point, en km (au mètre près) ; null sans position ou sans point. Un " +
      "évènement trouvé autour d'un lieu (near) la dit sur sa carte.",
  })
  distanceKm(
    @Root() media: Media,
    @Arg("from", () => GeoPointInput, { nullable: true, validate: false }) from: GeoPointInput | null,
  ): number | null {
    const location = media.location;
    // To the metre: the 15 decimals of a float say nothing more about a place.
    return location && from ? Math.round(distanceKm(checkedPoint(from), location) * 1000) / 1000 : null;
  }

  @FieldResolver(() => ViewerAbilities)
  viewerCan(@Root() media: Media, @Ctx() ctx: Context): ViewerAbilities {
    const allowed = canEditMedia(ctx.viewer, media);
    return { update: allowed, delete: allowed };
  }
}
