import { ClassType, Field, Int, ObjectType } from "type-graphql";

/** A page of results: how many match and the results of this page. */
export function Page<T extends object>(item: ClassType<T>, name: string) {
  @ObjectType(name, { simpleResolvers: true })
  class PageClass {
    @Field(() => Int, {
      description:
        "Nombre de résultats ; quand `countIsMinimum` est vrai, un minimum (« plus de 1 000 résultats ») : " +
        "une recherche très large n'est pas comptée jusqu'au bout.",
    })
    count: number;

    @Field({ description: "Vrai quand `count` est un minimum et non le nombre exact." })
    countIsMinimum: boolean;

    @Field(() => [item])
    results: T[];
  }
  return PageClass;
}
