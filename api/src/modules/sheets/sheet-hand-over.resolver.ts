import { Arg, Authorized, Ctx, Field, ObjectType, Query, Resolver } from "type-graphql";
import type { Context } from "../../context";
import { ID } from "../common/id.scalar";
import { Role } from "../reference/reference.data";
import { User } from "../users/user.entity";
import { Sheet } from "./sheet.entity";

@ObjectType({ description: "Les fiches d'un compte, telles que sa suppression les traite." })
class SheetHandOver {
  @Field(() => [Sheet], {
    description:
      "Les fiches dont il est le seul propriétaire : confiées à un autre compte, ou aux administrateurs (par nom).",
  })
  alone: Sheet[];

  @Field(() => [Sheet], {
    description: "Les fiches qu'il partage avec d'autres comptes : elles perdent seulement celui-ci.",
  })
  shared: Sheet[];

  @Field(() => [User], {
    description:
      "Les comptes qui peuvent reprendre ses fiches (professionnels et administrateurs actifs, par nom) ; vide s'il n'en a aucune à confier.",
  })
  recipients: User[];
}

@Resolver()
export class SheetHandOverResolver {
  @Query(() => SheetHandOver, {
    description: "Avant de supprimer un compte : ses fiches de service, et à qui les confier (administrateurs).",
  })
  @Authorized(Role.ADMIN)
  async sheetHandOver(@Arg("userId", () => ID) userId: string, @Ctx() ctx: Context): Promise<SheetHandOver> {
    const handOver = ctx.services.sheetHandOver;
    const { alone, shared } = await handOver.sheetsOf(ctx.viewer, userId);
    return { alone, shared, recipients: alone.length > 0 ? await handOver.recipients(ctx.viewer, userId) : [] };
  }
}
