import { ClassType, Field, Int, ObjectType } from "type-graphql";

@ObjectType("SearchSuggestion", {
  description: "« Vouliez-vous dire … ? » : la recherche, noms de communes et de types de service corrigés.",
})
export class SearchSuggestion {
  @Field(() => String, { nullable: true, description: "Le texte cherché, corrigé ; null : inchangé." })
  textQuery: string | null;

  @Field(() => String, {
    nullable: true,
    description: "Le lieu de l'évènement (actualités), corrigé ; null : inchangé.",
  })
  eventPlace: string | null;
}

/**
 * The fields of a page of search results (how many match, the results of this page, and what was
 * made of the words), for a page type that adds its own (MediaPage).
 */
export function PageFields<T extends object>(item: ClassType<T>) {
  // Not named: a base type, never in the schema by itself (no field returns it).
  @ObjectType()
  abstract class PageClass {
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

    @Field(() => String, {
      nullable: true,
      description:
        "Le texte cherché quand aucun de ses mots n'est cherché (mots trop courants, ponctuation, émoji) : " +
        "les résultats sont ceux d'une recherche sans texte. Null sinon.",
    })
    ignoredQuery?: string | null;

    @Field(() => SearchSuggestion, {
      nullable: true,
      description:
        "Sans résultat, la même recherche avec les noms de communes et de types de service mal orthographiés corrigés " +
        "(distance d'édition) ; null quand il y a des résultats ou rien à corriger.",
    })
    suggestion?: SearchSuggestion | null;
  }
  return PageClass;
}

/** A page of search results: how many match, the results of this page, and what was made of the words. */
export function Page<T extends object>(item: ClassType<T>, name: string) {
  @ObjectType(name, { simpleResolvers: true })
  class NamedPage extends PageFields(item) {}
  return NamedPage;
}
