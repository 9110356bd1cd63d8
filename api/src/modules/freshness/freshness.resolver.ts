import {
  Arg,
  Authorized,
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
import { Sheet } from "../sheets/sheet.entity";
import { AvailabilityInput } from "../sheets/availability";

@ObjectType({ description: "Une fiche non confirmée depuis des mois, avec son propriétaire." })
export class ServiceToReview {
  @Field(() => ID) id: string;
  @Field() serviceName: string;
  @Field({ description: "Dernière mise à jour ou confirmation." }) checkedAt: Date;
  @Field(() => Date, { nullable: true, description: "Dernière relance envoyée au propriétaire (depuis cette date)." })
  reminderSentAt: Date | null;
  @Field({ description: "Non confirmée depuis plus de 9 mois." }) needsReview: boolean;
  @Field(() => String, { nullable: true, description: "« Nom Prénom » du propriétaire." }) ownerName: string | null;
  @Field(() => String, { nullable: true }) ownerEmail: string | null;
}

@ObjectType({ description: "Les fiches à vérifier : combien, et les plus anciennes d'abord (15 par page)." })
export class ServicesToReview {
  @Field(() => Int, { description: "Non confirmées depuis plus de 9 mois (« Informations à vérifier »)." })
  toReview: number;
  @Field(() => Int, { description: "Dont le propriétaire a été relancé (sans confirmation depuis)." })
  reminded: number;
  @Field(() => Int, { description: "Non confirmées depuis plus de 6 mois (à relancer) : la liste entière." })
  dueForReminder: number;
  @Field(() => [ServiceToReview])
  results: ServiceToReview[];
}

@Resolver(() => Sheet)
export class FreshnessResolver {
  @FieldResolver(() => Boolean, {
    description: "Fiche non confirmée depuis plus de 9 mois : elle affiche « Informations à vérifier ».",
  })
  needsReview(@Root() service: Sheet, @Ctx() ctx: Context): boolean {
    return ctx.services.freshness.needsReview(service);
  }

  @Mutation(() => Sheet, {
    description:
      "« Ces informations sont toujours exactes » : confirme une fiche avec le lien reçu par e-mail " +
      "(une seule fois ; il expire au bout de 30 jours). Sans compte.",
  })
  confirmServiceSheet(@Arg("token") token: string, @Ctx() ctx: Context): Promise<Sheet> {
    return ctx.services.freshness.confirmByLink(token);
  }

  @Mutation(() => Sheet, {
    description:
      "Donne les places disponibles d'une fiche avec le lien reçu par e-mail (valable 30 jours, sans compte), " +
      "datées d'aujourd'hui ; aucune tranche d'âge : elles sont effacées.",
  })
  updateServiceAvailabilityByLink(
    @Arg("token") token: string,
    @Arg("input", () => AvailabilityInput) input: AvailabilityInput,
    @Ctx() ctx: Context,
  ): Promise<Sheet> {
    return ctx.services.freshness.giveAvailabilityByLink(token, input);
  }

  @Mutation(() => Sheet, { description: "Confirme qu'une fiche est à jour (ses membres ou un administrateur)." })
  @Authorized()
  confirmService(@Arg("id", () => ID) id: string, @Ctx() ctx: Context): Promise<Sheet> {
    return ctx.services.freshness.confirm(ctx.viewer, id);
  }

  @Query(() => ServicesToReview, { description: "Les fiches à vérifier (administrateurs)." })
  async servicesToReview(
    @Arg("page", () => Int, { defaultValue: 0, description: "Numéro de page, à partir de 0." }) page: number,
    @Ctx() ctx: Context,
  ): Promise<ServicesToReview> {
    const freshness = ctx.services.freshness;
    const { counts, rows } = await freshness.toReview(ctx.viewer, page);
    const now = freshness.now();
    return {
      ...counts,
      results: rows.map(({ service, owner }) => ({
        id: service.id,
        serviceName: service.serviceName,
        checkedAt: service.checkedAt,
        reminderSentAt: service.reminderSentAt,
        needsReview: freshness.needsReview(service, now),
        ownerName: owner ? `${owner.surname} ${owner.name}` : null,
        ownerEmail: owner?.email ?? null,
      })),
    };
  }
}
