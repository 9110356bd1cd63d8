// Static page content (French) for the "Portail parentalité".
// Texts are written with ordinary spaces; `typography` adds French non-breaking
// spaces to leads and paragraphs. Titles and headings are returned verbatim.

export interface SiteIdentity {
  portalName: string;
  departmentName: string;
  departmentWithPreposition: string;
  publisherName: string;
  publisherAddress: string;
  publicationDirector: string;
  hostName: string;
  hostAddress: string;
  dpoContact: string;
  contactEmail: string;
  publicUrl: string;
}

export interface StaticSection {
  heading: string;
  paragraphs: string[];
  /** A list after the paragraphs. */
  items?: string[];
}

export interface StaticPageContent {
  title: string;
  lead?: string;
  sections: StaticSection[];
}

type Part = string | false | null | undefined;

// Joins the non-empty parts of a paragraph with a single space.
function join(...parts: Part[]): string {
  return parts
    .filter((p): p is string => typeof p === "string" && p.trim() !== "")
    .map((p) => p.trim())
    .join(" ");
}

// Returns the sentence built from `value`, or "" when the value is empty.
function ifSet(value: string, sentence: (v: string) => string): string {
  const v = value.trim();
  return v === "" ? "" : sentence(v);
}

// French typography: narrow no-break space before ? ! ; and no-break space
// before : and inside guillemets.
function typography(text: string): string {
  return text
    .replace(/ ([?!;])/g, "\u202f$1")
    .replace(/ :/g, "\u00a0:")
    .replace(/« /g, "«\u00a0")
    .replace(/ »/g, "\u00a0»")
    .replace(/n° /g, "n°\u00a0");
}

function section(heading: string, ...paragraphs: Part[]): StaticSection {
  return { heading, paragraphs: paragraphs.map((p) => join(p)).filter((p) => p !== "") };
}

function page(title: string, lead: string | undefined, sections: StaticSection[]): StaticPageContent {
  const content: StaticPageContent = {
    title,
    sections: sections.map((s) => ({
      heading: s.heading,
      paragraphs: s.paragraphs.map(typography),
      ...(s.items ? { items: s.items.map(typography) } : {}),
    })),
  };
  if (lead !== undefined && lead.trim() !== "") content.lead = typography(lead);
  return content;
}

// "le Portail parentalité" or "le portail « X »", depending on the configured name.
function portal(site: SiteIdentity, capitalized = false): string {
  const name = site.portalName.trim();
  const ref = /^portail\b/i.test(name) ? `le ${name}` : `le portail « ${name} »`;
  return capitalized ? ref.charAt(0).toUpperCase() + ref.slice(1) : ref;
}

// "du Portail parentalité" or "du portail « X »" (« de le » contracts in French).
function ofPortal(site: SiteIdentity): string {
  return portal(site).replace(/^le /, "du ");
}

/**
 * How to reach the data-protection officer: the configured contact; else the portal's
 * e-mail or the publisher's postal address; else the publisher by name. Never a sentence
 * that sends the reader back to itself.
 */
function dpoSentence(site: SiteIdentity): string {
  // The publisher's name is configured (with or without its article): it stands apart, never after « de ».
  const dpo = "délégué à la protection des données";
  if (site.dpoContact.trim()) return `vous pouvez contacter le ${dpo} : ${site.dpoContact.trim()}.`;
  if (site.contactEmail.trim())
    return `vous pouvez écrire à l'adresse ${site.contactEmail.trim()}, qui transmettra votre demande au ${dpo} (${site.publisherName}).`;
  if (site.publisherAddress.trim())
    return `vous pouvez écrire au ${dpo}, ${site.publisherName}, ${site.publisherAddress.trim()}.`;
  return `vous pouvez contacter le ${dpo} (${site.publisherName}), dont les coordonnées figurent sur le site caf.fr.`;
}

function caf(site: SiteIdentity): string {
  return `la Caf ${site.departmentWithPreposition}`;
}

// How to reach the portal team outside of the partner area.
function contactSentence(site: SiteIdentity): string {
  const direct =
    site.contactEmail.trim() === "" && site.publisherAddress.trim() === ""
      ? `Vous pouvez vous adresser directement à : ${site.publisherName}.`
      : "";
  return join(
    direct,
    ifSet(site.contactEmail, (e) => `Vous pouvez écrire à l'équipe du portail à l'adresse ${e}.`),
    ifSet(site.publisherAddress, (a) => `Vous pouvez également adresser un courrier à : ${site.publisherName}, ${a}.`),
    "Si vous disposez d'un compte partenaire, vous pouvez aussi utiliser le formulaire de contact accessible depuis votre espace, une fois connecté.",
  );
}

export function aboutPage(site: SiteIdentity): StaticPageContent {
  return page(
    "Qui sommes-nous ?",
    `${portal(site, true)} rassemble en un seul endroit l'information utile aux parents ${site.departmentWithPreposition} : actualités, documentation et adresses utiles près de chez eux.`,
    [
      section(
        "Un portail porté par la Caf",
        `${portal(site, true)} est édité par ${caf(site)} dans le cadre du schéma départemental des services aux familles. Ce schéma, élaboré avec l'État, le Département, les communes et intercommunalités et les acteurs associatifs, organise le développement et la coordination des services proposés aux familles sur l'ensemble du territoire.`,
        `Le soutien à la parentalité est l'un de ses axes : il s'agit d'accompagner les parents dans leur rôle éducatif, de prévenir l'isolement et de faciliter l'accès de chacun aux services qui existent déjà, quels que soient sa situation et son lieu de vie.`,
      ),
      section(
        "Pour les familles",
        `Le portail s'adresse à tous les parents, futurs parents et grands-parents, ainsi qu'aux jeunes et à leur entourage. Il permet de trouver simplement une activité, un lieu d'écoute ou d'échange, un mode d'accueil ou un professionnel, et de se tenir informé des évènements organisés près de chez soi.`,
        "La consultation du portail est libre et gratuite. Aucune inscription n'est nécessaire pour rechercher une information.",
      ),
      section(
        "Avec les partenaires du territoire",
        `Le portail est alimenté par un réseau de partenaires engagés auprès des familles ${site.departmentWithPreposition} : collectivités territoriales, associations, structures d'accueil (crèches, relais petite enfance, lieux d'accueil enfants-parents, centres sociaux, espaces de vie sociale…) et professionnels de l'enfance, de la jeunesse et de la famille.`,
        "Chaque partenaire publie et met à jour lui-même les informations qui le concernent. Cette démarche collaborative garantit une information au plus près du terrain et permet aux acteurs locaux de mieux se connaître et de travailler ensemble.",
      ),
      section(
        "Notre objectif",
        "Rendre visibles les offres locales destinées aux parents, de la grossesse jusqu'à l'entrée de l'enfant dans l'âge adulte : préparation à l'arrivée d'un enfant, petite enfance, enfance, adolescence et jeunes adultes, sans oublier les moments de la vie familiale qui demandent un soutien particulier (séparation, deuil, handicap, difficultés éducatives…).",
        "Le portail ne remplace pas les professionnels : il aide chaque famille à trouver le bon interlocuteur, au bon moment.",
      ),
    ],
  );
}

export function offerPage(site: SiteIdentity): StaticPageContent {
  return page(
    "Que propose ce portail ?",
    `${portal(site, true)} est organisé en trois grandes rubriques, complétées par un espace réservé aux partenaires.`,
    [
      section(
        "Nouveautés, évènements",
        `Retrouvez les dernières actualités et l'agenda des évènements destinés aux familles ${site.departmentWithPreposition} : conférences, ateliers parents-enfants, groupes de parole, cafés des parents, journées portes ouvertes, fêtes de quartier…`,
        "Chaque évènement précise sa date, son lieu, le public concerné et, le cas échéant, les modalités d'inscription. Vous pouvez affiner votre recherche par tranche d'âge, par thématique et par commune.",
      ),
      section(
        "Documentations, articles",
        "Cette rubrique réunit des articles, des guides et des documents pratiques rédigés ou sélectionnés par les partenaires du portail : développement de l'enfant, vie de famille, scolarité, santé, loisirs, droits et démarches.",
        "Les ressources sont classées par thématique et par tranche d'âge, pour vous permettre d'accéder rapidement aux informations qui correspondent à votre situation.",
      ),
      section(
        "Lieux, offres de partenaires",
        `L'annuaire recense les services et structures qui accompagnent les familles dans le département : établissements d'accueil du jeune enfant, relais petite enfance, lieux d'accueil enfants-parents (LAEP), centres sociaux et espaces de vie sociale, services de médiation familiale, points d'accueil et d'écoute jeunes, associations de soutien à la parentalité…`,
        "Plusieurs filtres peuvent être combinés : par tranche d'âge (« Devenir parents », « 0-3 ans », « 4-12 ans », « 13-17 ans », « 18-25 ans », « Famille »), par type de service, par commune et par intercommunalité, autour d'un lieu, et selon les horaires (« Ouvert maintenant », « Ouvert le samedi »). Chaque fiche présente les coordonnées de la structure, le public accueilli, les services proposés, ses horaires d'ouverture lorsque le partenaire les a renseignés (avec ses fermetures temporaires), ainsi que sa localisation sur une carte.",
      ),
      section(
        "Devenir partenaire du portail",
        "Les collectivités, associations, structures et professionnels qui agissent auprès des familles peuvent rejoindre le portail. Il suffit de remplir le formulaire « Devenir partenaire » en indiquant vos coordonnées et le motif de votre demande. Après examen par un administrateur, vous recevez un courriel vous invitant à choisir votre mot de passe. Les comptes sont ouverts pour une durée déterminée et peuvent être renouvelés.",
        "Selon votre profil, deux types de comptes sont proposés. Le compte « Partenaire » permet de publier des actualités, des évènements et des ressources, et de tenir à jour les fiches des structures que vous gérez. Le compte « Créateur de contenu » permet de publier des actualités et des ressources.",
        "Les membres d'un réseau professionnel accèdent en outre, une fois connectés, à des contenus qui leur sont réservés, et disposent d'un formulaire pour contacter l'équipe du portail.",
      ),
    ],
  );
}

export function legalNoticePage(site: SiteIdentity): StaticPageContent {
  return page(
    "Mentions légales",
    `Le site ${site.publicUrl} est édité dans le cadre du schéma départemental des services aux familles ${site.departmentWithPreposition}.`,
    [
      section(
        "Éditeur",
        join(
          `${portal(site, true)} est édité par : ${site.publisherName}.`,
          ifSet(site.publisherAddress, (a) => `Adresse : ${a}.`),
        ),
        ifSet(site.publicationDirector, (d) => `Directeur de la publication : ${d}.`),
        ifSet(site.contactEmail, (e) => `Contact : ${e}.`),
      ),
      section(
        "Hébergement",
        join(
          `Le portail est hébergé par : ${site.hostName}.`,
          ifSet(site.hostAddress, (a) => `Adresse : ${a}.`),
        ),
      ),
      section(
        "Données personnelles",
        `Le responsable du traitement des données personnelles collectées sur le portail est : ${site.publisherName}. Ce traitement est mis en œuvre conformément au règlement (UE) 2016/679 du 27 avril 2016 (règlement général sur la protection des données, RGPD) et à la loi n° 78-17 du 6 janvier 1978 relative à l'informatique, aux fichiers et aux libertés.`,
        "Les données collectées sont celles que vous nous transmettez via le formulaire « Devenir partenaire » et votre espace personnel : nom, prénom, adresse électronique, numéro de téléphone, adresse postale, structure représentée et motif de la demande, ainsi que les messages envoyés au moyen du formulaire de contact et l'adresse électronique que vous pouvez laisser en signalant une erreur sur une fiche ou un article. La simple consultation du portail ne nécessite la communication d'aucune donnée personnelle.",
        "Ces données sont utilisées pour instruire les demandes d'adhésion, créer et gérer les comptes des partenaires, permettre la publication et le suivi des contenus (actualités, évènements, ressources, fiches de structures) et répondre à vos messages. Ce traitement est fondé sur l'exécution d'une mission d'intérêt public dont est investi l'éditeur (article 6, paragraphe 1, point e, du RGPD).",
        "Les données sont destinées aux seuls administrateurs du portail habilités par l'éditeur et, pour les besoins techniques, à son hébergeur. Elles ne sont ni cédées ni utilisées à des fins commerciales. Vos coordonnées personnelles ne sont pas publiées sur le portail : seules apparaissent les informations que vous choisissez de faire figurer dans vos contenus ou fiches de structure.",
        "Les données sont conservées pendant toute la durée de validité du compte. Elles sont effacées au plus tard douze mois après la date d'expiration du compte ou sa suppression, ou plus tôt à votre demande. Les demandes d'adhésion non retenues sont effacées dans le même délai. Les articles et fiches publiés, qui ne portent que les informations que vous y avez fait figurer, peuvent rester en ligne après l'effacement du compte. Les signalements d'erreur sont supprimés douze mois après avoir été traités, et l'adresse laissée avec un signalement est effacée au plus tard douze mois après celui-ci.",
        "Alertes « Me prévenir » : si vous demandez, sans compte, à être prévenu par e-mail des nouveautés d'une recherche, nous conservons votre adresse électronique, la recherche choisie, la date de votre demande, celle de votre confirmation (votre accord) et les dates des e-mails envoyés. Ces données servent uniquement à vous envoyer les alertes demandées ; ce traitement repose sur votre consentement, que vous pouvez retirer à tout moment. Une demande non confirmée est effacée au bout de sept jours. Les alertes sont conservées jusqu'à ce que vous les arrêtiez ; une alerte dont aucun lien n'a été ouvert pendant douze mois prend fin, ce dont un dernier e-mail vous informe. Une alerte terminée est effacée trente jours plus tard. Chaque e-mail d'alerte contient un lien pour ne plus la recevoir et un lien « Mes alertes » pour modifier vos alertes ou effacer en une fois votre adresse et toutes ses alertes.",
        "Vous disposez d'un droit d'accès, de rectification et d'effacement de vos données, d'un droit à la limitation du traitement et d'un droit d'opposition, pour des motifs tenant à votre situation particulière. Vous pouvez également définir des directives relatives au sort de vos données après votre décès.",
        `Pour exercer ces droits ou pour toute question sur le traitement de vos données, ${dpoSentence(site)} Une pièce justifiant de votre identité pourra vous être demandée en cas de doute. Une réponse vous sera apportée dans un délai d'un mois, qui peut être prolongé de deux mois compte tenu de la complexité ou du nombre de demandes.`,
        "Si vous estimez, après nous avoir contactés, que vos droits ne sont pas respectés, vous pouvez adresser une réclamation à la Commission nationale de l'informatique et des libertés (CNIL), notamment en ligne sur le site cnil.fr.",
      ),
      section(
        "Cookies",
        "Le portail dépose un unique cookie, strictement nécessaire à son fonctionnement : un cookie de session qui permet aux partenaires de rester connectés à leur espace et qui sécurise leurs actions. Il est supprimé à la déconnexion ou à l'expiration de la session.",
        "Conformément à l'article 82 de la loi du 6 janvier 1978 et aux recommandations de la CNIL, ce cookie est exempté de consentement : aucun bandeau de recueil du consentement n'est donc affiché. Le portail n'utilise aucun cookie publicitaire, de mesure d'audience ou de suivi, et ne partage aucune information de navigation avec des réseaux sociaux.",
        "L'affichage des cartes fait appel à un service cartographique externe, qui reçoit uniquement les informations techniques nécessaires à la fourniture des fonds de carte, comme l'adresse IP de votre appareil.",
      ),
      section(
        "Propriété intellectuelle",
        `La structure du portail, sa charte graphique et les textes rédigés par l'éditeur sont protégés par le code de la propriété intellectuelle. Toute reproduction ou représentation, totale ou partielle, à des fins autres que strictement personnelles ou d'information non commerciale, est soumise à l'autorisation préalable de l'éditeur. En cas de reprise autorisée, la source (${site.portalName}, ${site.publicUrl}) doit être mentionnée.`,
        "Les contenus publiés par les partenaires (textes, images, documents) restent la propriété de leurs auteurs ou de leurs ayants droit. Le logo de la Caf et les marques citées appartiennent à leurs titulaires respectifs.",
      ),
      section(
        "Liens",
        "Le portail contient des liens vers des sites externes, notamment ceux des partenaires. L'éditeur n'exerce aucun contrôle sur ces sites et ne saurait être tenu responsable de leur contenu ni de leur disponibilité.",
        "Tout site public ou privé peut établir un lien vers le portail sans autorisation préalable, à condition que ce lien s'ouvre dans une nouvelle fenêtre et ne donne pas à penser que l'éditeur approuve le contenu du site qui l'établit. Les liens depuis des sites diffusant des informations illicites ou contraires à la neutralité du service public ne sont pas autorisés.",
      ),
      section(
        "Crédits",
        "Les données relatives aux communes et aux intercommunalités sont issues du découpage administratif français publié par Etalab, sous Licence Ouverte. Les coordonnées géographiques des communes proviennent de GeoNames (geonames.org), sous licence Creative Commons Attribution 4.0 (CC BY 4.0).",
        "Les fonds de carte sont fournis, selon la configuration du portail, par l'Institut national de l'information géographique et forestière (IGN) via la Géoplateforme, ou par Mapbox (© Mapbox, © contributeurs OpenStreetMap).",
        "Les photographies et illustrations des contenus sont fournies par les partenaires qui les publient, sous leur responsabilité.",
      ),
    ],
  );
}

export function termsPage(site: SiteIdentity): StaticPageContent {
  return page(
    "Conditions générales d'utilisation",
    `L'utilisation du site ${site.publicUrl} implique l'acceptation pleine et entière des présentes conditions générales d'utilisation.`,
    [
      section(
        "Article 1 – Objet",
        `Les présentes conditions générales d'utilisation (CGU) définissent les modalités d'accès et d'utilisation ${ofPortal(site)}, édité par : ${site.publisherName}, dans le cadre du schéma départemental des services aux familles ${site.departmentWithPreposition}.`,
        "Elles précisent en particulier les droits et obligations des partenaires qui disposent d'un compte et publient des contenus sur le portail.",
      ),
      section(
        "Article 2 – Définitions",
        "Portail : le site internet et l'ensemble des services qu'il propose. Éditeur : l'organisme désigné dans les mentions légales. Utilisateur : toute personne qui consulte le portail. Membre : tout utilisateur disposant d'un compte partenaire actif. Administrateur : la personne habilitée par l'éditeur à gérer les comptes et les contenus.",
        "Partenaire : membre représentant une collectivité, une association, une structure ou un professionnel, autorisé à publier des actualités, des évènements et des ressources et à gérer des fiches de structures. Créateur de contenu : membre autorisé à publier des actualités et des ressources. Contenu : toute actualité, tout évènement, toute ressource ou toute fiche de structure publiés sur le portail. Réseau : groupe de professionnels auquel certains contenus sont réservés.",
      ),
      section(
        "Article 3 – Accès au portail",
        "Le portail est accessible gratuitement à tout utilisateur disposant d'un accès à internet. Les frais de connexion et d'équipement restent à la charge de l'utilisateur. La consultation des contenus publics ne nécessite aucune inscription.",
        "L'éditeur s'efforce d'assurer l'accès au portail de manière continue, sans y être tenu. L'accès peut être suspendu, notamment pour des opérations de maintenance ou de mise à jour, sans que cette interruption ouvre droit à une quelconque indemnité.",
      ),
      section(
        "Article 4 – Compte partenaire",
        "La création d'un compte se fait sur demande, au moyen du formulaire « Devenir partenaire ». Le demandeur indique son identité, ses coordonnées, la structure qu'il représente et le motif de sa demande. Chaque demande est examinée par un administrateur, qui peut l'accepter ou la refuser, en particulier lorsque l'activité du demandeur ne relève pas du soutien aux familles.",
        "Lorsque la demande est acceptée, le membre reçoit un courriel l'invitant à définir son mot de passe. Ses identifiants sont personnels et confidentiels : il est responsable de leur conservation et de toute action réalisée avec son compte. Toute utilisation frauduleuse doit être signalée sans délai à l'éditeur.",
        "Chaque compte comporte une date d'expiration, au-delà de laquelle il n'est plus possible de se connecter. Le compte peut être renouvelé par un administrateur. L'éditeur peut également suspendre ou supprimer un compte en cas de manquement aux présentes conditions.",
      ),
      section(
        "Article 5 – Publication de contenus",
        "Dans la limite des droits attachés à son profil, le membre peut créer, modifier et supprimer ses propres fiches de structures ainsi que les évènements, actualités et ressources qu'il a publiés. Il veille à les tenir à jour et à retirer les informations devenues inexactes, par exemple un évènement annulé ou un service qui n'est plus proposé.",
        "Les administrateurs peuvent à tout moment modifier, dépublier ou supprimer tout contenu, notamment s'il est inexact, obsolète, contraire aux présentes conditions ou à la loi, ou étranger à l'objet du portail. Dans la mesure du possible, le membre concerné en est informé.",
      ),
      section(
        "Article 6 – Obligations des membres",
        "Le membre s'engage à publier des informations exactes, vérifiées et à jour, et à respecter la législation en vigueur, notamment en matière de droit de la presse, de droit à l'image, de propriété intellectuelle et de protection des mineurs. Les contenus à caractère publicitaire ou commercial, ainsi que tout propos injurieux, diffamatoire ou discriminatoire, sont interdits.",
        "Le portail est un service proposé dans le cadre d'une mission de service public : les contenus publiés doivent respecter les principes de neutralité et de laïcité, ne comporter aucun prosélytisme politique, syndical ou religieux et être accessibles à toutes les familles sans distinction. Les membres s'engagent à respecter les principes de la Charte de la laïcité de la branche Famille.",
        "Le membre ne publie aucune donnée personnelle concernant un tiers, en particulier une photographie ou les coordonnées d'une personne, sans avoir préalablement recueilli son consentement ou, pour un mineur, celui de ses représentants légaux.",
      ),
      section(
        "Article 7 – Contenus réservés aux réseaux",
        "Certains contenus sont réservés aux membres d'un réseau professionnel et ne sont visibles qu'après connexion. Le membre s'engage à ne pas les diffuser en dehors de ce réseau sans l'accord de leur auteur.",
        "Lorsqu'il publie un contenu réservé, le membre choisit le ou les réseaux concernés. Il demeure responsable de ce choix et veille à ne pas rendre public un contenu destiné aux seuls professionnels.",
      ),
      section(
        "Article 8 – Responsabilité",
        "Les contenus publiés par les partenaires le sont sous leur seule responsabilité. L'éditeur n'est pas tenu de les vérifier avant leur mise en ligne et ne saurait être tenu responsable de leur inexactitude, de leur caractère incomplet ni de l'annulation ou de la modification d'un évènement.",
        "L'éditeur ne peut être tenu responsable des dommages résultant d'une interruption du service, d'un dysfonctionnement technique ou de l'utilisation du portail par un tiers. Tout contenu manifestement illicite peut lui être signalé afin qu'il soit retiré dans les meilleurs délais.",
      ),
      section(
        "Article 9 – Données personnelles",
        "Le traitement des données personnelles des utilisateurs et des membres, ainsi que l'exercice de leurs droits, sont décrits dans la rubrique « Données personnelles » des mentions légales, à laquelle il convient de se reporter.",
        "Le portail n'utilise qu'un cookie de session strictement nécessaire à la connexion des membres, et aucun outil de suivi ou de mesure d'audience.",
      ),
      section(
        "Article 10 – Propriété intellectuelle",
        "Le membre garantit qu'il détient les droits nécessaires sur les textes, images et documents qu'il publie. Il autorise l'éditeur à les reproduire et à les diffuser gratuitement sur le portail, pour la durée de leur publication.",
        "Les éléments propres au portail (structure, charte graphique, textes de l'éditeur) sont protégés dans les conditions précisées par les mentions légales.",
      ),
      section(
        "Article 11 – Modification des conditions et droit applicable",
        "L'éditeur peut modifier à tout moment les présentes conditions afin de les adapter aux évolutions du portail ou de la réglementation. La version applicable est celle en ligne au moment de l'utilisation du portail.",
        "Les présentes conditions sont régies par le droit français. À défaut de résolution amiable, tout litige relatif à leur interprétation ou à leur exécution relève de la compétence des juridictions françaises.",
      ),
    ],
  );
}

/** The known non-conformities, found by the portal's own checks (see docs/speed-and-accessibility.md). */
export const KNOWN_NON_CONFORMITIES = [
  "Les cartes interactives ne sont pas utilisables au clavier ni restituées par les lecteurs d'écran (critère 7.3). Chaque lieu reste décrit par son adresse écrite et un lien « Itinéraire ».",
  "Les images insérées dans le corps des articles par les partenaires n'ont pas toujours d'alternative textuelle pertinente (critère 1.2).",
  "Les documents téléchargeables (PDF, documents bureautiques) publiés par les partenaires peuvent ne pas être accessibles (critère 13.3).",
  "L'éditeur de texte des espaces partenaires (Quill) n'annonce pas toujours l'état de ses boutons de mise en forme (critère 7.1).",
  "L'explorateur de l'API GraphQL, destiné aux développeurs, repose sur un composant tiers dont l'accessibilité n'est pas garantie (critère 7.1).",
];

export function accessibilityPage(site: SiteIdentity): StaticPageContent {
  const contact = contactSentence(site);
  return page("Déclaration d'accessibilité", undefined, [
    section(
      "Engagement",
      `L'éditeur du portail, ${site.publisherName}, s'engage à rendre son service en ligne accessible, conformément à l'article 47 de la loi n° 2005-102 du 11 février 2005 pour l'égalité des droits et des chances, la participation et la citoyenneté des personnes handicapées.`,
      `Cette déclaration d'accessibilité s'applique ${ofPortal(site).replace(/^du /, "au ")} (${site.publicUrl}).`,
    ),
    section(
      "État de conformité",
      `${portal(site, true)} est non conforme avec le référentiel général d'amélioration de l'accessibilité (RGAA), version 4.1 : il n'a pas encore fait l'objet d'un audit.`,
    ),
    section(
      "Résultats des tests",
      "Aucun audit de conformité n'a encore été réalisé : aucun taux de conformité ne peut donc être publié.",
      "Chaque version du portail est vérifiée par des tests automatisés (axe-core, critères WCAG 2.1 niveaux A et AA) sur toutes ses pages et fenêtres de dialogue, sur écran de téléphone (390 pixels) et d'ordinateur, par des parcours au clavier seul et par un contrôle des contrastes des champs de formulaire. Ces tests ne remplacent pas un audit.",
    ),
    {
      heading: "Contenus non accessibles",
      paragraphs: ["Non-conformités connues, relevées par ces tests et par l'équipe du portail :"],
      items: KNOWN_NON_CONFORMITIES,
    },
    section("Dérogations pour charge disproportionnée", "Aucune."),
    section(
      "Contenus non soumis à l'obligation d'accessibilité",
      "Les cartes interactives et les documents bureautiques publiés avant le 23 septembre 2018.",
    ),
    section(
      "Établissement de cette déclaration",
      "Cette déclaration a été établie le 22 novembre 2026.",
      "Technologies utilisées : HTML5, CSS, JavaScript, WAI-ARIA. Environnement de test : navigateur Chromium sur écrans de 390 et 1280 pixels de large, avec la bibliothèque axe-core.",
      "Annexe : la grille d'audit RGAA sera publiée ici à l'issue du premier audit.",
    ),
    section(
      "Retour d'information et contact",
      "Si vous n'arrivez pas à accéder à un contenu ou à un service, vous pouvez contacter le responsable du portail pour être orienté vers une alternative accessible ou obtenir le contenu sous une autre forme.",
      contact,
    ),
    section(
      "Voies de recours",
      "Cette procédure est à utiliser dans le cas suivant : vous avez signalé au responsable du portail un défaut d'accessibilité qui vous empêche d'accéder à un contenu ou à l'un des services, et vous n'avez pas obtenu de réponse satisfaisante.",
      "Vous pouvez saisir gratuitement le Défenseur des droits : en lui écrivant au moyen du formulaire en ligne disponible sur le site defenseurdesdroits.fr ; en contactant le délégué du Défenseur des droits dans votre région ; en appelant le 09 69 39 00 00 ; par courrier postal, sans affranchissement : Défenseur des droits, Libre réponse 71120, 75342 Paris CEDEX 07.",
    ),
  ]);
}
