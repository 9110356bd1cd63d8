/** The header's links (spec §2). `visitorsOnly` links disappear once signed in. */
export interface NavItem {
  to: string;
  label: string;
  visitorsOnly?: boolean;
  signedInOnly?: boolean;
}

export const MAIN_LINKS: NavItem[] = [
  { to: "/", label: "Accueil" },
  { to: "/qui-sommes-nous", label: "Qui sommes-nous ?" },
  { to: "/que-propose-ce-portail", label: "Que propose ce portail ?" },
  { to: "/mentions-legales", label: "Mentions légales" },
  { to: "/connexion", label: "Espace partenaire", visitorsOnly: true },
  { to: "/contact", label: "Contact", signedInOnly: true },
];

export const SECTION_TABS: NavItem[] = [
  { to: "/actualites", label: "Nouveautés, évènements" },
  { to: "/services", label: "Lieux, offres de partenaires" },
  { to: "/ressources", label: "Documentations, Articles" },
];

/** The news list is also the home page, so its tab is current on "/". */
export function isTabActive(tab: NavItem, pathname: string): boolean {
  if (tab.to === "/actualites" && pathname === "/") return true;
  return pathname === tab.to || pathname.startsWith(`${tab.to}/`);
}

/** The main links a viewer sees: 'Espace partenaire' for visitors, 'Contact' once signed in. */
export const visibleLinks = (signedIn: boolean): NavItem[] =>
  MAIN_LINKS.filter((item) => (signedIn ? !item.visitorsOnly : !item.signedInOnly));
