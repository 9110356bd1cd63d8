import { Field, ObjectType } from "type-graphql";

@ObjectType({ description: "Ce que le compte connecté peut faire d'un élément." })
export class ViewerAbilities {
  @Field() update: boolean;
  @Field() delete: boolean;
}
