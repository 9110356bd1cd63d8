import { Arg, Authorized, Ctx, Field, Int, ObjectType, Query, Resolver } from "type-graphql";
import { ID } from "../common/id.scalar";
import type { Context } from "../../context";
import { ValidationError } from "../../errors";
import { Role } from "../reference/reference.data";
import { AuditEntry, AuditItemType } from "./audit-entry.entity";
import { MAX_PAGE_SIZE, PAGE_SIZE_MESSAGE } from "../../shared/rules";

@ObjectType({ description: "Une page de l'historique d'un compte." })
export class AuditPage {
  @Field(() => Int)
  total: number;

  @Field(() => [AuditEntry])
  entries: AuditEntry[];
}

@Resolver()
export class AuditResolver {
  @Query(() => [AuditEntry], {
    description:
      "L'historique d'un article, d'une fiche de service ou d'un compte, du plus récent au plus ancien (administrateurs ; gardé un an).",
  })
  @Authorized(Role.ADMIN)
  history(
    @Arg("itemType", () => AuditItemType) itemType: AuditItemType,
    @Arg("id", () => ID) id: string,
    @Ctx() ctx: Context,
  ): Promise<AuditEntry[]> {
    return ctx.services.audit.historyOf(ctx.viewer, itemType, id);
  }

  @Query(() => AuditPage, {
    description: "Ce qu'un compte a créé, modifié ou supprimé, du plus récent au plus ancien (administrateurs).",
  })
  @Authorized(Role.ADMIN)
  auditEntries(
    @Arg("actorId", () => ID) actorId: string,
    @Arg("page", () => Int, { defaultValue: 0, description: "Numéro de page, à partir de 0." }) page: number,
    @Arg("pageSize", () => Int, { defaultValue: 20 }) pageSize: number,
    @Ctx() ctx: Context,
  ): Promise<AuditPage> {
    if (!Number.isInteger(page) || page < 0) throw new ValidationError("Le numéro de page doit être positif.");
    if (pageSize < 1 || pageSize > MAX_PAGE_SIZE) throw new ValidationError(PAGE_SIZE_MESSAGE);
    return ctx.services.audit.byActor(ctx.viewer, actorId, page, pageSize);
  }
}
