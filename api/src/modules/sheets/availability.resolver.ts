import { Arg, Authorized, Ctx, FieldResolver, Mutation, Resolver, Root } from "type-graphql";
import type { Context } from "../../context";
import { ID } from "../common/id.scalar";
import { AvailabilityInput, availabilityOf, ServiceAvailabilityType } from "./availability";
import { Sheet } from "./sheet.entity";

/** « Places disponibles » of child care sheets: the field families read, the one-step update. */
@Resolver(() => Sheet)
export class AvailabilityResolver {
  @FieldResolver(() => ServiceAvailabilityType, {
    nullable: true,
    description:
      "Places disponibles par tranche d'âge (crèches, micro-crèches, jardins d'enfants, haltes-garderies, MAM) ; " +
      "null si la fiche n'en donne pas.",
  })
  availability(@Root() service: Sheet, @Ctx() ctx: Context): ServiceAvailabilityType | null {
    return availabilityOf(service, ctx.services.clock.now());
  }

  @Mutation(() => Sheet, {
    description:
      "Donne les places disponibles d'une fiche en une fois, datées d'aujourd'hui (ses membres ou un administrateur) ; " +
      "aucune tranche d'âge : elles sont effacées.",
  })
  @Authorized()
  updateServiceAvailability(
    @Arg("id", () => ID) id: string,
    @Arg("input", () => AvailabilityInput) input: AvailabilityInput,
    @Ctx() ctx: Context,
  ): Promise<Sheet> {
    return ctx.services.sheetEditor.updateAvailability(ctx.viewer, id, input);
  }
}
