/**
 * Reference data of the portal: every enumeration of the product, written
 * once, together with its French labels (and, for service types, a French
 * description for families and its « Facile à lire et à comprendre » version).
 *
 * Enum values are part of the public API (GraphQL, legacy REST, database):
 * never rename a value, only add new ones.
 */
import { SERVICE_TYPE_FALC } from "./service-type-falc";

/** A `{ value, label }` pair, as exposed to the GraphQL layer. */
export interface LabelledValue<E extends string> {
  value: E;
  label: string;
}

/** Turns a label record into an ordered list of `{ value, label }` pairs. */
export const labelled = <E extends string>(labels: Record<E, string>): LabelledValue<E>[] =>
  (Object.keys(labels) as E[]).map((value) => ({
    value,
    label: labels[value],
  }));

/** Type guard: is `value` one of the keys of the given label record? */
export const isEnumValue = <E extends string>(labels: Record<E, string>, value: unknown): value is E =>
  typeof value === "string" && Object.prototype.hasOwnProperty.call(labels, value);

/** Label of a value, or the value itself when it is unknown. */
export const labelOf = <E extends string>(labels: Record<E, string>, value: E): string => labels[value] ?? value;

// ---------------------------------------------------------------------------
// Users
// ---------------------------------------------------------------------------

export enum Role {
  BASIC_USER = "BASIC_USER",
  NEWS_PARTNER = "NEWS_PARTNER",
  FULL_PARTNER = "FULL_PARTNER",
  ADMIN = "ADMIN",
}

export const ROLE_LABELS: Record<Role, string> = {
  [Role.ADMIN]: "Administrateur",
  [Role.NEWS_PARTNER]: "Créateur de contenu",
  [Role.FULL_PARTNER]: "Partenaire",
  [Role.BASIC_USER]: "Visiteur",
};

export enum UserStatus {
  /** Account created locally, waiting for an administrator to review it. */
  LOCAL = "LOCAL",
  /** Account waiting for the user to confirm it. */
  PENDING = "PENDING",
  CONFIRMED = "CONFIRMED",
  DELETED = "DELETED",
}

export const USER_STATUS_LABELS: Record<UserStatus, string> = {
  [UserStatus.CONFIRMED]: "Validé",
  [UserStatus.DELETED]: "Supprimé",
  [UserStatus.PENDING]: "En attente de validation",
  [UserStatus.LOCAL]: "Demande à valider",
};

// ---------------------------------------------------------------------------
// Content classification
// ---------------------------------------------------------------------------

export enum Age {
  DEVENIR = "DEVENIR",
  PETITE_ENFANCE = "PETITE_ENFANCE",
  ENFANCE = "ENFANCE",
  ADOLESCENCE = "ADOLESCENCE",
  YOUNG_ADULT = "YOUNG_ADULT",
  /** Legacy spelling, kept on purpose: it is part of the public API. */
  FAMMILY = "FAMMILY",
}

export const AGE_LABELS: Record<Age, string> = {
  [Age.DEVENIR]: "Devenir parents",
  [Age.PETITE_ENFANCE]: "0-3 ans",
  [Age.ENFANCE]: "4-12 ans",
  [Age.ADOLESCENCE]: "13-17 ans",
  [Age.YOUNG_ADULT]: "18-25 ans Jeune adulte",
  [Age.FAMMILY]: "Famille",
};

/** Lower-case values: the legacy REST API uses them. */
export enum Category {
  NEW = "new",
  EVENT = "event",
  RESOURCE = "resource",
}

export const CATEGORY_LABELS: Record<Category, string> = {
  [Category.NEW]: "Actualité",
  [Category.EVENT]: "Actualité : évènement",
  [Category.RESOURCE]: "Ressource",
};

export enum Thematic {
  DISABILITY = "DISABILITY",
  PARENT_CHILD_RELATIONSHIPS = "PARENT_CHILD_RELATIONSHIPS",
  HOLIDAYS_LEISURE = "HOLIDAYS_LEISURE",
  FAMILY_CHANGES = "FAMILY_CHANGES",
  HOUSING = "HOUSING",
}

export const THEMATIC_LABELS: Record<Thematic, string> = {
  [Thematic.DISABILITY]: "Handicap",
  [Thematic.PARENT_CHILD_RELATIONSHIPS]: "Relations parents-enfants (scolarité, numérique)",
  [Thematic.HOLIDAYS_LEISURE]: "Vacances, loisirs",
  [Thematic.FAMILY_CHANGES]: "Changements familiaux",
  [Thematic.HOUSING]: "Logement, habitat",
};

/** Partner networks a piece of content can be addressed to. */
export enum Network {
  DISABILITY_SUPPORT_HUB = "DISABILITY_SUPPORT_HUB",
  EAJE = "EAJE",
  RPE = "RPE",
  PDN = "PDN",
  LEISURE_CENTRE_ANIMATION = "LEISURE_CENTRE_ANIMATION",
  RAJ = "RAJ",
  SOCIAL_CENTRES = "SOCIAL_CENTRES",
  COOPERATION_OFFICERS = "COOPERATION_OFFICERS",
  FAMILY_REFERENTS = "FAMILY_REFERENTS",
  LAEP_REFERENTS = "LAEP_REFERENTS",
  CLAS_REFERENTS = "CLAS_REFERENTS",
  REAAP = "REAAP",
  TERRITORY = "TERRITORY",
  ALSH_DIRECTORS = "ALSH_DIRECTORS",
  /** Every network. Lower-case value, as in the legacy API. */
  ALL = "all",
}

export const NETWORK_LABELS: Record<Network, string> = {
  [Network.DISABILITY_SUPPORT_HUB]: "Pôle d'appui ressources handicap",
  [Network.EAJE]: "EAJE",
  [Network.RPE]: "RPE",
  [Network.PDN]: "PdN",
  [Network.LEISURE_CENTRE_ANIMATION]: "Animation accueil de loisirs",
  [Network.RAJ]: "RAJ",
  [Network.SOCIAL_CENTRES]: "Centres sociaux / EVS",
  [Network.COOPERATION_OFFICERS]: "Chargés de coopération",
  [Network.FAMILY_REFERENTS]: "Référents familles",
  [Network.LAEP_REFERENTS]: "Référents LAEP",
  [Network.CLAS_REFERENTS]: "Référents CLAS",
  [Network.REAAP]: "REAAP",
  [Network.TERRITORY]: "Territoire",
  [Network.ALSH_DIRECTORS]: "Directeurs ALSH",
  [Network.ALL]: "Tous les réseaux",
};

// ---------------------------------------------------------------------------
// Service types (the "services" directory for families)
// ---------------------------------------------------------------------------

export enum ServiceType {
  CRECHE = "CRECHE",
  FAMILY_CRECHE = "FAMILY_CRECHE",
  MICRO_CRECHE = "MICRO_CRECHE",
  KINDERGARTEN = "KINDERGARTEN",
  DROP_IN_NURSERY = "DROP_IN_NURSERY",
  MAM = "MAM",
  RPE = "RPE",
  LAEP = "LAEP",
  LEISURE_CENTRE = "LEISURE_CENTRE",
  TOY_LIBRARY = "TOY_LIBRARY",
  HOLIDAY_CAMP = "HOLIDAY_CAMP",
  FAMILY_HOLIDAYS = "FAMILY_HOLIDAYS",
  GRANDIR_HANDIFERENCE = "GRANDIR_HANDIFERENCE",
  PROMENEURS_DU_NET = "PROMENEURS_DU_NET",
  YOUTH_SUPPORT = "YOUTH_SUPPORT",
  PARENTING_SUPPORT = "PARENTING_SUPPORT",
  CLAS = "CLAS",
  SOCIAL_LIFE_SPACES = "SOCIAL_LIFE_SPACES",
  SOCIAL_CENTRES = "SOCIAL_CENTRES",
  DAILY_LIFE = "DAILY_LIFE",
  FAMILY_MEDIATION = "FAMILY_MEDIATION",
  MEETING_SPACE = "MEETING_SPACE",
  HOUSING = "HOUSING",
  FAMILY_CHANGES = "FAMILY_CHANGES",
}

export interface ServiceTypeInfo {
  value: ServiceType;
  label: string;
  description: string;
  /** « Facile à lire et à comprendre »: short sentences, one idea each, shown one per line. */
  falc: readonly string[];
  ages: Age[];
}

/** Every type has its FALC explanation: the compiler says which one is missing. */
const FALC: Record<ServiceType, readonly string[]> = SERVICE_TYPE_FALC;

/** Ages every service type is currently attached to. */
const DEFAULT_SERVICE_AGES: readonly Age[] = [Age.DEVENIR, Age.PETITE_ENFANCE, Age.ENFANCE, Age.ADOLESCENCE];

const serviceType = (value: ServiceType, label: string, description: string): ServiceTypeInfo => ({
  value,
  label,
  description,
  falc: FALC[value],
  ages: [...DEFAULT_SERVICE_AGES],
});

export const SERVICE_TYPES: readonly ServiceTypeInfo[] = [
  serviceType(
    ServiceType.CRECHE,
    "Crèche",
    "La crèche collective est un établissement d'accueil du jeune enfant (EAJE) qui accueille en journée, de façon régulière ou occasionnelle, les enfants de moins de 6 ans, le plus souvent jusqu'à leur entrée à l'école. Une équipe de professionnels de la petite enfance veille à leur éveil, à leur sécurité et à leur bien-être. Lorsque la crèche est financée par la Caf, votre participation est calculée selon vos ressources et votre nombre d'enfants.",
  ),
  serviceType(
    ServiceType.FAMILY_CRECHE,
    "Crèche familiale",
    "Dans une crèche familiale, votre enfant est accueilli au domicile d'un assistant maternel agréé, salarié de la crèche. Une équipe de professionnels de la petite enfance encadre et accompagne les assistants maternels, et des temps collectifs réunissent régulièrement les enfants pour des activités d'éveil. Comme en crèche collective, la participation des familles est calculée selon leurs ressources lorsque la structure est financée par la Caf.",
  ),
  serviceType(
    ServiceType.MICRO_CRECHE,
    "Micro-crèche",
    "La micro-crèche est un établissement d'accueil du jeune enfant de petite taille, qui accueille au maximum 12 enfants en même temps dans un cadre proche de celui d'une famille. Selon son mode de financement, vous payez un tarif calculé selon vos ressources, ou le tarif fixé par le gestionnaire et vous pouvez alors bénéficier du complément de libre choix du mode de garde versé par la Caf. Renseignez-vous auprès de la structure.",
  ),
  serviceType(
    ServiceType.KINDERGARTEN,
    "Jardin d'enfants",
    "Le jardin d'enfants est un établissement d'accueil du jeune enfant qui reçoit des enfants à partir de 2 ans, sur des horaires proches de ceux de l'école. Il propose un projet éducatif fondé sur le jeu, la découverte et la vie en groupe, pour accompagner la socialisation de l'enfant et son passage vers l'école. Renseignez-vous directement auprès de la structure sur les conditions d'accueil et la participation financière demandée.",
  ),
  serviceType(
    ServiceType.DROP_IN_NURSERY,
    "Halte-garderie",
    "La halte-garderie accueille les enfants de moins de 6 ans de façon occasionnelle, pour quelques heures ou quelques demi-journées par semaine. Elle permet aux parents de disposer de temps pour leurs démarches, un rendez-vous ou une recherche d'emploi, et à l'enfant de découvrir progressivement la vie en collectivité. Lorsque la structure est financée par la Caf, le tarif horaire est calculé selon les ressources de la famille.",
  ),
  serviceType(
    ServiceType.MAM,
    "Maison d'assistants maternels (MAM)",
    "La maison d'assistants maternels (MAM) permet à plusieurs assistants maternels agréés d'accueillir ensemble des enfants dans un local commun, en dehors de leur domicile. Vous restez l'employeur de l'assistant maternel qui garde votre enfant et signez avec lui un contrat de travail. Vous pouvez bénéficier, sous conditions, du complément de libre choix du mode de garde versé par la Caf pour vous aider à payer son salaire.",
  ),
  serviceType(
    ServiceType.RPE,
    "Relais petite enfance (assistance maternelle)",
    "Le relais petite enfance (RPE, anciennement relais d'assistants maternels) est un service gratuit d'information et d'accompagnement pour les parents, futurs parents et professionnels de l'accueil individuel. Il vous présente l'ensemble des modes d'accueil de votre territoire, vous aide dans vos démarches d'employeur d'un assistant maternel ou d'une garde à domicile, et propose des ateliers d'éveil aux enfants accompagnés de leur professionnel.",
  ),
  serviceType(
    ServiceType.LAEP,
    "Lieux d'accueil enfants-parents (LAEP)",
    "Le lieu d'accueil enfants-parents (LAEP) accueille librement, sans inscription, les enfants de moins de 6 ans accompagnés d'un parent ou d'un adulte familier, ainsi que les futurs parents. Anonyme et gratuit ou à faible participation, c'est un espace de jeu, de parole et d'écoute animé par des accueillants formés. Il favorise la relation entre l'enfant et son parent, prépare en douceur aux séparations et permet de rompre l'isolement.",
  ),
  serviceType(
    ServiceType.LEISURE_CENTRE,
    "Accueil de loisirs",
    "L'accueil de loisirs sans hébergement (ALSH, anciennement centre de loisirs) accueille les enfants et les jeunes les mercredis, avant ou après l'école et pendant les vacances scolaires. Encadré par une équipe d'animation qualifiée, il propose des activités éducatives, sportives, culturelles et de découverte dans le cadre d'un projet pédagogique. L'inscription se fait auprès de la structure ou de la mairie ; les tarifs tiennent souvent compte du quotient familial.",
  ),
  serviceType(
    ServiceType.TOY_LIBRARY,
    "Ludothèque",
    "La ludothèque est un lieu consacré au jeu, ouvert à tous les âges. On peut y jouer sur place, en famille ou entre amis, avec l'accompagnement de ludothécaires, et souvent emprunter des jeux et des jouets comme dans une bibliothèque. C'est un espace de partage et de rencontre entre générations, qui favorise les moments de complicité entre parents et enfants. L'accès est libre ou soumis à une adhésion, selon les structures.",
  ),
  serviceType(
    ServiceType.HOLIDAY_CAMP,
    "Colonies de vacances",
    "Les colonies de vacances, ou séjours de vacances, permettent aux enfants et aux adolescents de partir sans leurs parents pendant les vacances scolaires, de quelques jours à plusieurs semaines. Ces séjours collectifs sont déclarés auprès des services de l'État et encadrés par des animateurs. Selon votre situation, la Caf ou d'autres organismes peuvent vous aider à en financer le coût : renseignez-vous auprès de votre Caf et de l'organisateur du séjour.",
  ),
  serviceType(
    ServiceType.FAMILY_HOLIDAYS,
    "Vacances en famille",
    "Partir en vacances en famille permet de partager des moments de détente et de renforcer les liens familiaux. Selon vos ressources, la Caf peut vous aider à financer un séjour dans un centre de vacances ou un camping agréé, notamment par le dispositif Vacaf lorsque votre Caf y participe. Des centres sociaux et des associations accompagnent aussi les familles dans la préparation de leur séjour, en particulier pour un premier départ.",
  ),
  serviceType(
    ServiceType.GRANDIR_HANDIFERENCE,
    "Réseau Grandir Handi'Férence",
    "Le réseau Grandir Handi'Férence, soutenu par la Caf, réunit des professionnels et des structures engagés pour l'inclusion des enfants en situation de handicap. Il s'adresse aux familles concernées par le handicap d'un enfant : écoute, information, orientation vers les modes d'accueil, les loisirs et les dispositifs adaptés. Il accompagne également les structures pour que chaque enfant puisse être accueilli dans de bonnes conditions, avec les autres enfants.",
  ),
  serviceType(
    ServiceType.PROMENEURS_DU_NET,
    "Promeneurs du Net",
    "Les Promeneurs du Net sont des professionnels de la jeunesse (animateurs, éducateurs, conseillers…) présents sur internet et les réseaux sociaux. Ils y écoutent, informent, accompagnent et orientent les jeunes, principalement de 12 à 25 ans, dans leurs questions du quotidien, leurs projets ou leurs difficultés. Soutenu par la Caf, ce dispositif prolonge en ligne le travail mené dans les structures jeunesse. Les parents peuvent aussi les solliciter.",
  ),
  serviceType(
    ServiceType.YOUTH_SUPPORT,
    "Accompagnement jeunes",
    "Des structures jeunesse (espaces jeunes, points information jeunesse, missions locales…) accueillent les adolescents et les jeunes adultes pour les informer et les accompagner dans leurs projets : loisirs, engagement, orientation, emploi, logement ou mobilité. Des professionnels y proposent écoute, conseils et activités encadrées. La Caf soutient ces lieux, ainsi que des projets imaginés et portés par les jeunes eux-mêmes.",
  ),
  serviceType(
    ServiceType.PARENTING_SUPPORT,
    "Soutien à la parentalité",
    "Être parent soulève parfois des questions ou des difficultés, à tous les âges de l'enfant. Les actions de soutien à la parentalité, notamment celles du réseau d'écoute, d'appui et d'accompagnement des parents (REAAP), proposent des groupes de parole, des conférences, des ateliers parents-enfants ou des temps d'échange avec des professionnels. Ouvertes à tous les parents, elles permettent de partager son expérience et de reprendre confiance.",
  ),
  serviceType(
    ServiceType.CLAS,
    "Accompagnement à la scolarité (CLAS)",
    "Le contrat local d'accompagnement à la scolarité (CLAS) propose, en dehors du temps scolaire, un appui aux enfants et aux jeunes, de l'école élémentaire au lycée : aide méthodologique, activités culturelles, ouverture sur le monde. Il associe étroitement les parents, qu'il aide à suivre la scolarité de leur enfant et à dialoguer avec l'école. Ces actions sont menées par des associations, des centres sociaux ou des communes.",
  ),
  serviceType(
    ServiceType.SOCIAL_LIFE_SPACES,
    "Lieux d'animation de la vie sociale",
    "Les espaces de vie sociale (EVS) sont des structures de proximité, le plus souvent associatives et animées en grande partie par des bénévoles, agréées par la Caf. Ouverts à tous les habitants, ils proposent des activités et des temps de rencontre pour les familles, les enfants, les jeunes et les aînés. Ils favorisent les liens entre générations, l'entraide et la participation des habitants à la vie de leur quartier ou de leur commune.",
  ),
  serviceType(
    ServiceType.SOCIAL_CENTRES,
    "Centres sociaux",
    "Le centre social est un équipement de quartier ou de territoire, agréé par la Caf, ouvert à tous les habitants quel que soit leur âge. Il propose des activités et des services (accueil de loisirs, ateliers, accès aux droits, sorties familiales…) et soutient les projets des habitants. Son référent familles accompagne les parents dans leur rôle éducatif et dans leur vie quotidienne. Vous pouvez vous y rendre librement pour vous informer.",
  ),
  serviceType(
    ServiceType.DAILY_LIFE,
    "Vie quotidienne (aide à domicile, prêts ménager/mobilier)",
    "Lorsqu'un événement fragilise l'organisation familiale (naissance, maladie, séparation, décès…), un technicien de l'intervention sociale et familiale (TISF) ou un accompagnant éducatif et social peut intervenir à domicile, avec une participation calculée selon vos ressources. Selon votre situation et les aides proposées par votre Caf, des prêts peuvent aussi faciliter l'achat d'équipement ménager ou de mobilier. Renseignez-vous auprès de votre Caf.",
  ),
  serviceType(
    ServiceType.FAMILY_MEDIATION,
    "Médiation familiale",
    "La médiation familiale aide les membres d'une famille à renouer le dialogue et à trouver ensemble des solutions lors d'un conflit, d'une séparation ou d'un divorce : organisation de la vie des enfants, contribution à leur entretien, liens avec les grands-parents… Un médiateur familial diplômé, neutre et impartial, conduit les entretiens en toute confidentialité. Dans les services soutenus par la Caf, la participation est calculée selon un barème national.",
  ),
  serviceType(
    ServiceType.MEETING_SPACE,
    "Espace rencontre",
    "L'espace rencontre est un lieu neutre et sécurisant qui permet à un enfant de maintenir ou de renouer des liens avec l'un de ses parents, ou avec un autre membre de sa famille, lorsque les rencontres ne peuvent pas se dérouler ailleurs, par exemple après une séparation conflictuelle. Des professionnels accueillent et accompagnent ces moments. Les visites sont organisées sur décision d'un juge ou à la demande des parents.",
  ),
  serviceType(
    ServiceType.HOUSING,
    "Logement-habitat",
    "La Caf accompagne les familles pour accéder à un logement, s'y maintenir et l'améliorer : aides au logement, prêt à l'amélioration de l'habitat, accompagnement en cas d'impayés de loyer ou de logement non décent. Des travailleurs sociaux et des partenaires, comme l'agence départementale d'information sur le logement (ADIL), peuvent aussi vous conseiller dans vos démarches. Vous pouvez estimer vos droits sur caf.fr.",
  ),
  serviceType(
    ServiceType.FAMILY_CHANGES,
    "Changements familiaux",
    "Naissance, séparation, recomposition familiale, décès d'un proche : certains événements bouleversent la vie de famille. La Caf et ses partenaires peuvent vous informer sur vos droits, vous accompagner dans vos démarches et vous orienter vers un travailleur social, une médiation familiale ou un groupe de parole. Pensez à déclarer rapidement tout changement de situation à votre Caf, afin que vos prestations soient ajustées.",
  ),
];

export const SERVICE_TYPE_LABELS = Object.fromEntries(SERVICE_TYPES.map((type) => [type.value, type.label])) as Record<
  ServiceType,
  string
>;

/** Full information about a service type. */
export const serviceTypeInfo = (value: ServiceType): ServiceTypeInfo | undefined =>
  SERVICE_TYPES.find((type) => type.value === value);
