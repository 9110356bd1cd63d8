import { Arg, Ctx, ID, Query, Resolver } from "type-graphql";
import { Context } from "../../context";
import { Page } from "../common/page.type";
import { Media } from "./media.entity";
import { MediaSearchInput } from "./media.inputs";

const MediaPage = Page(Media, "MediaPage");

@Resolver(() => Media)
export class MediaResolver {
  @Query(() => MediaPage, { description: "Recherche d'actualités, d'évènements et de ressources (15 par page)." })
  mediaSearch(@Arg("input", () => MediaSearchInput) input: MediaSearchInput, @Ctx() ctx: Context) {
    return ctx.services.media.search(ctx.viewer, input);
  }

  @Query(() => Media, { description: "Un article par son identifiant (erreur NOT_FOUND s'il est introuvable)." })
  media(@Arg("id", () => ID) id: string, @Ctx() ctx: Context) {
    return ctx.services.media.findVisible(ctx.viewer, id);
  }
}
