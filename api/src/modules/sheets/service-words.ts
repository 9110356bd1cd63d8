import { Vocabulary } from "../common/did-you-mean";
import type { FacetGroup } from "../common/facets";
import { normalizeSearchText, queryWords, singular } from "../common/text-normalization";
import { SERVICE_TYPES, ServiceType } from "../reference/reference.data";

/**
 * The words parents use for the services they look for, and the service types they mean.
 * Reviewed with the partners' vocabulary: a query holding one of these phrases finds the
 * services of its types (and, as before, the services whose texts use the phrase's word).
 * Accents, case, hyphens and plurals do not matter (the phrases are compared in normal form).
 * Each type's own label is a phrase too (see SERVICE_PHRASES).
 *
 * Editing: add a line; the search tests check that every phrase finds its types.
 */
export const SERVICE_SYNONYMS: ReadonlyArray<{ phrases: readonly string[]; types: readonly ServiceType[] }> = [
  // Childcare, collective
  {
    phrases: ["crèche", "crèches", "EAJE", "établissement d'accueil du jeune enfant"],
    types: [ServiceType.CRECHE, ServiceType.FAMILY_CRECHE, ServiceType.MICRO_CRECHE],
  },
  {
    phrases: ["multi-accueil", "multiaccueil", "crèche collective"],
    types: [ServiceType.CRECHE, ServiceType.DROP_IN_NURSERY],
  },
  { phrases: ["crèche parentale", "crèche associative"], types: [ServiceType.CRECHE] },
  { phrases: ["crèche familiale", "service d'accueil familial", "SAF"], types: [ServiceType.FAMILY_CRECHE] },
  { phrases: ["microcrèche", "micro crèche"], types: [ServiceType.MICRO_CRECHE] },
  { phrases: ["jardin d'enfant", "jardin d'éveil", "passerelle"], types: [ServiceType.KINDERGARTEN] },
  { phrases: ["halte-garderie", "halte", "accueil occasionnel"], types: [ServiceType.DROP_IN_NURSERY] },
  {
    phrases: [
      "garde",
      "garderie",
      "mode de garde",
      "modes de garde",
      "faire garder",
      "garde d'enfant",
      "accueil du jeune enfant",
    ],
    types: [ServiceType.CRECHE, ServiceType.FAMILY_CRECHE, ServiceType.DROP_IN_NURSERY, ServiceType.MICRO_CRECHE],
  },
  {
    phrases: ["bébé", "nourrisson", "tout-petit"],
    types: [ServiceType.CRECHE, ServiceType.MICRO_CRECHE, ServiceType.LAEP],
  },
  // Childminders
  {
    phrases: [
      "nounou",
      "nourrice",
      "assistante maternelle",
      "assistant maternel",
      "assmat",
      "ass mat",
      "garde à domicile",
    ],
    types: [ServiceType.RPE, ServiceType.MAM],
  },
  { phrases: ["MAM", "maison d'assistantes maternelles", "maison d'assistants maternels"], types: [ServiceType.MAM] },
  {
    phrases: ["RPE", "RAM", "relais", "relais assistantes maternelles", "relais d'assistants maternels"],
    types: [ServiceType.RPE],
  },
  // Parents and children together
  {
    phrases: ["LAEP", "lieu d'accueil enfants-parents", "accueil parents-enfants", "lieu parents-enfants"],
    types: [ServiceType.LAEP],
  },
  {
    phrases: [
      "parentalité",
      "soutien à la parentalité",
      "REAAP",
      "groupe de parole",
      "école des parents",
      "café des parents",
    ],
    types: [ServiceType.PARENTING_SUPPORT],
  },
  {
    phrases: ["naissance", "grossesse", "futur parent", "futurs parents", "devenir parent"],
    types: [ServiceType.PARENTING_SUPPORT, ServiceType.FAMILY_CHANGES],
  },
  // Leisure and holidays
  {
    phrases: ["centre aéré", "centre de loisirs", "ALSH", "CLSH", "loisirs", "mercredi", "périscolaire", "activités"],
    types: [ServiceType.LEISURE_CENTRE],
  },
  { phrases: ["ludothèque", "jeux", "jeu", "jouet", "jouer", "jeux de société"], types: [ServiceType.TOY_LIBRARY] },
  { phrases: ["colonie", "colo", "séjour", "camp", "vacances scolaires"], types: [ServiceType.HOLIDAY_CAMP] },
  {
    phrases: ["vacances", "départ en vacances", "VACAF"],
    types: [ServiceType.FAMILY_HOLIDAYS, ServiceType.HOLIDAY_CAMP],
  },
  // Children and young people
  {
    phrases: ["handicap", "handicapé", "situation de handicap", "handiférence", "inclusion", "AEEH"],
    types: [ServiceType.GRANDIR_HANDIFERENCE],
  },
  { phrases: ["internet", "réseaux sociaux", "numérique", "écrans"], types: [ServiceType.PROMENEURS_DU_NET] },
  {
    phrases: ["ado", "ados", "adolescent", "jeune", "jeunesse", "PIJ", "point information jeunesse", "espace jeunes"],
    types: [ServiceType.YOUTH_SUPPORT, ServiceType.PROMENEURS_DU_NET],
  },
  {
    phrases: ["aide aux devoirs", "devoirs", "soutien scolaire", "accompagnement scolaire", "CLAS", "école"],
    types: [ServiceType.CLAS],
  },
  // Social life
  {
    phrases: ["centre social", "maison de quartier", "maison pour tous", "MJC"],
    types: [ServiceType.SOCIAL_CENTRES, ServiceType.SOCIAL_LIFE_SPACES],
  },
  { phrases: ["espace de vie sociale", "EVS", "vie sociale", "animation"], types: [ServiceType.SOCIAL_LIFE_SPACES] },
  {
    phrases: ["aide à domicile", "aide ménagère", "TISF", "AVS", "prêt de mobilier", "prêt ménager", "électroménager"],
    types: [ServiceType.DAILY_LIFE],
  },
  // Family changes
  {
    phrases: ["médiation", "médiateur", "médiatrice", "conflit", "dispute"],
    types: [ServiceType.FAMILY_MEDIATION],
  },
  {
    phrases: ["droit de visite", "visite médiatisée", "lieu neutre", "point rencontre"],
    types: [ServiceType.MEETING_SPACE],
  },
  {
    phrases: ["séparation", "divorce", "garde alternée"],
    types: [ServiceType.FAMILY_MEDIATION, ServiceType.FAMILY_CHANGES],
  },
  {
    phrases: ["deuil", "décès", "veuf", "veuve", "famille monoparentale", "parent solo"],
    types: [ServiceType.FAMILY_CHANGES],
  },
  {
    phrases: ["logement", "habitat", "hébergement", "loyer", "expulsion", "impayé", "déménagement"],
    types: [ServiceType.HOUSING],
  },
];

/** A phrase as it is compared: the normal form of each word, in the singular. */
const phraseKey = (phrase: string) => normalizeSearchText(phrase).split(" ").filter(Boolean).map(singular).join(" ");

/** The label of a type without its parenthesis, and the parenthesis alone: « LAEP », « MAM »… */
function labelPhrases(label: string): string[] {
  const inner = /\(([^)]*)\)/.exec(label)?.[1];
  return [label.replace(/\([^)]*\)/g, " "), ...(inner ? [inner] : [])];
}

/** Every phrase (normal form) with the types it means: the synonyms, then each type's label. */
export const SERVICE_PHRASES: ReadonlyMap<string, readonly ServiceType[]> = (() => {
  const phrases = new Map<string, Set<ServiceType>>();
  const add = (phrase: string, types: readonly ServiceType[]) => {
    const key = phraseKey(phrase);
    if (!key) return;
    phrases.set(key, new Set([...(phrases.get(key) ?? []), ...types]));
  };
  for (const { phrases: entry, types } of SERVICE_SYNONYMS) entry.forEach((phrase) => add(phrase, types));
  for (const type of SERVICE_TYPES) labelPhrases(type.label).forEach((phrase) => add(phrase, [type.value]));
  return new Map([...phrases].map(([key, types]) => [key, [...types]]));
})();

/**
 * The phrases and the types' labels as « Vouliez-vous dire … ? » proposes them, written as in
 * the table (« crèche familiale ») or as the label shows it.
 */
export const SERVICE_VOCABULARY = new Vocabulary([
  ...SERVICE_SYNONYMS.flatMap((entry) => entry.phrases),
  ...SERVICE_TYPES.flatMap((type) => labelPhrases(type.label).map((phrase) => phrase.replace(/\s+/g, " ").trim())),
]);

const LONGEST_PHRASE = Math.max(...[...SERVICE_PHRASES.keys()].map((key) => key.split(" ").length));

/**
 * The word a service of this type is found by, whatever its texts say (indexed with its words).
 * It starts with "_", which no query word has (queries are letters and digits), so it is only
 * reached through a phrase of the table.
 */
export const typeWord = (type: ServiceType) => `_type_${type.toLowerCase()}`;

/**
 * The word criteria of a services query. A phrase of the table (longest first) becomes one
 * criterion: one of its types, or, for a one-word phrase, the word itself. Other words are
 * criteria as in any search (see wordGroups). « crèche lescar » is thus « a crèche type or the
 * word crèche » and « the word lescar » (a service's town is among its words).
 */
export function serviceWordGroups(textQuery: string | null | undefined): FacetGroup[] {
  const words = normalizeSearchText(textQuery ?? "")
    .split(" ")
    .filter(Boolean)
    .slice(0, 20);
  const groups: FacetGroup[] = [];
  const rest: string[] = [];
  for (let start = 0; start < words.length;) {
    let matched = 0;
    for (let length = Math.min(LONGEST_PHRASE, words.length - start); length > 0 && !matched; length--) {
      const key = words
        .slice(start, start + length)
        .map(singular)
        .join(" ");
      const types = SERVICE_PHRASES.get(key);
      if (!types) continue;
      const own = length === 1 ? [key] : [];
      groups.push({ facet: "word", values: [...own, ...types.map(typeWord)] });
      matched = length;
    }
    if (!matched) rest.push(words[start]);
    start += matched || 1;
  }
  const others = queryWords(rest.join(" ")).map(({ word, prefix }) => ({
    facet: "word",
    values: [word],
    orPrefix: prefix,
  }));
  return [...groups, ...others].slice(0, 10);
}
