import { Arg, Authorized, Ctx, Field, Int, Mutation, ObjectType, Query, Resolver } from "type-graphql";
import { ID } from "../common/id.scalar";
import type { Context } from "../../context";
import { Role } from "../reference/reference.data";
import { Report, ReportStatus } from "./report.entity";
import { ReportInput } from "./report.inputs";

@ObjectType({ description: "Le nombre de signalements d'un statut." })
export class ReportStatusCount {
  @Field(() => ReportStatus)
  status: ReportStatus;

  @Field(() => Int)
  count: number;
}

@ObjectType({ description: "Une page de signalements (15 par page), du plus récent au plus ancien." })
export class ReportPage {
  @Field(() => Int, { description: "Nombre de signalements du statut demandé." })
  count: number;

  @Field(() => [Report])
  results: Report[];

  @Field(() => [ReportStatusCount], { description: "Le nombre de signalements de chaque statut." })
  counts: ReportStatusCount[];
}

@Resolver()
export class ReportResolver {
  @Mutation(() => Boolean, {
    description:
      "« Signaler une erreur » sur une fiche de service ou un article que l'on peut lire, sans compte ; transmis au partenaire et aux administrateurs.",
  })
  async reportError(@Arg("input", () => ReportInput) input: ReportInput, @Ctx() ctx: Context): Promise<boolean> {
    await ctx.services.reports.submit(ctx.viewer, ctx.http.ip, input);
    return true;
  }

  @Query(() => ReportPage, { description: "Les signalements d'erreur, d'un statut ou de tous (administrateurs)." })
  @Authorized(Role.ADMIN)
  reports(
    @Arg("status", () => ReportStatus, { nullable: true }) status: ReportStatus | null,
    @Arg("page", () => Int, { defaultValue: 0, description: "Numéro de page, à partir de 0." }) page: number,
    @Ctx() ctx: Context,
  ) {
    return ctx.services.reports.list(ctx.viewer, status ?? null, page);
  }

  @Mutation(() => Report, {
    description: "Marque un signalement traité, rejeté ou de nouveau nouveau (administrateurs).",
  })
  @Authorized(Role.ADMIN)
  setReportStatus(
    @Arg("id", () => ID) id: string,
    @Arg("status", () => ReportStatus) status: ReportStatus,
    @Ctx() ctx: Context,
  ) {
    return ctx.services.reports.setStatus(ctx.viewer, id, status);
  }
}
