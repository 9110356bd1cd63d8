import { type GraphQLResolveInfo } from "graphql";
import { Authorized, Arg, Ctx, FieldResolver, Info, Mutation, Query, Resolver, Root } from "type-graphql";
import { ID } from "../common/id.scalar";
import type { Context } from "../../context";
import { canEditMedia, canSeeMediaOwner } from "../../policies/media.policy";
import { wordGroups } from "../common/facets";
import { Page } from "../common/page.type";
import { withSearchHelp } from "../common/search-help";
import { SERVICE_VOCABULARY } from "../sheets/service-words";
import { requestedFields } from "../common/requested-fields";
import { PersonName, personName } from "../common/person-name.type";
import { ViewerAbilities } from "../common/viewer-abilities.type";
import { calendarEvent, icalendar } from "../feeds/icalendar";
import { Media } from "./media.entity";
import { MediaInput, MediaSearchInput } from "./media.inputs";

const MediaPage = Page(Media, "MediaPage");

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

  @FieldResolver(() => ViewerAbilities)
  viewerCan(@Root() media: Media, @Ctx() ctx: Context): ViewerAbilities {
    const allowed = canEditMedia(ctx.viewer, media);
    return { update: allowed, delete: allowed };
  }
}
