import { ClassType, Field, Int, ObjectType } from "type-graphql";

/** A page of results: the total number of matches and the results of this page. */
export function Page<T extends object>(item: ClassType<T>, name: string) {
  @ObjectType(name)
  class PageClass {
    @Field(() => Int, { description: "Nombre total de résultats." })
    count: number;

    @Field(() => [item])
    results: T[];
  }
  return PageClass;
}
