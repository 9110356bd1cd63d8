import { type JSX } from "react";
import { type RouteObject, useRoutes } from "react-router-dom";
import { RequireAccess } from "./modules/auth/RequireAccess";
import { Layout } from "./modules/layout/Layout";
import { lazyPage } from "./ssr/lazy-page";
import { NotFound } from "./ui/NotFound";
import { Redirect } from "./ui/Redirect";

const NewsListPage = lazyPage("NewsListPage");
const ResourcesListPage = lazyPage("ResourcesListPage");
const SheetsListPage = lazyPage("SheetsListPage");
const MediaDetailPage = lazyPage("MediaDetailPage");
const SheetPage = lazyPage("SheetPage");
const AboutPage = lazyPage("StaticPages", "AboutPage");
const OfferPage = lazyPage("StaticPages", "OfferPage");
const LegalNoticePage = lazyPage("StaticPages", "LegalNoticePage");
const TermsPage = lazyPage("StaticPages", "TermsPage");
const AccessibilityPage = lazyPage("StaticPages", "AccessibilityPage");
const LoginPage = lazyPage("LoginPage");
const JoinPage = lazyPage("JoinPage");
const ForgotPasswordPage = lazyPage("ForgotPasswordPage");
const SetPasswordPage = lazyPage("SetPasswordPage");
const ProfilePage = lazyPage("ProfilePage");
const ContactPage = lazyPage("ContactPage");
const UsersAdminPage = lazyPage("UsersAdminPage");
const NewArticlePage = lazyPage("NewArticlePage");
const OpenDataPage = lazyPage("OpenDataPage");
const ConfirmSheetPage = lazyPage("ConfirmSheetPage");
const SheetsToReviewPage = lazyPage("SheetsToReviewPage");
const ReportsAdminPage = lazyPage("ReportsAdminPage");
const AlertConfirmPage = lazyPage("AlertPages", "AlertConfirmPage");
const AlertsPage = lazyPage("AlertPages", "AlertsPage");
const AlertStopPage = lazyPage("AlertPages", "AlertStopPage");
const AlertStatsPage = lazyPage("AlertStatsPage");

/** What the server does with a route: render it (public pages), or send the shell (signed-in pages). */
export interface RouteHandle {
  clientOnly?: boolean;
  /** Kept out of search engines (sign-in and password pages; client-only pages always are). */
  noindex?: boolean;
}

const clientOnly: RouteHandle = { clientOnly: true };
const noindex: RouteHandle = { noindex: true };
/** A page opened from an e-mailed link with its token: never rendered on the server, nor indexed, nor kept offline. */
const tokenLink: RouteHandle = { clientOnly: true, noindex: true };

const partnersOnly = (page: JSX.Element) => <RequireAccess to="publish">{page}</RequireAccess>;

/** Routes of spec §2. */
export const routes: RouteObject[] = [
  {
    element: <Layout />,
    children: [
      { path: "/", element: <NewsListPage /> },
      { path: "/actualites", element: <NewsListPage /> },
      { path: "/actualites/:mediaId", element: <MediaDetailPage /> },
      { path: "/ressources", element: <ResourcesListPage /> },
      { path: "/ressources/:mediaId", element: <MediaDetailPage /> },
      { path: "/services", element: <SheetsListPage /> },
      { path: "/services/:serviceId", element: <SheetPage /> },
      { path: "/qui-sommes-nous", element: <AboutPage /> },
      { path: "/que-propose-ce-portail", element: <OfferPage /> },
      { path: "/mentions-legales", element: <LegalNoticePage /> },
      { path: "/conditions-generales-d-utilisation", element: <TermsPage /> },
      { path: "/accessibilite", element: <AccessibilityPage /> },
      { path: "/donnees-ouvertes", element: <OpenDataPage /> },
      { path: "/nous-rejoindre", element: <JoinPage /> },
      { path: "/demande-changement-mot-de-passe", element: <ForgotPasswordPage />, handle: noindex },
      { path: "/changement-mot-de-passe/:userId/:token", element: <SetPasswordPage />, handle: noindex },
      // Opening the e-mailed link changes nothing: the page confirms once loaded.
      {
        path: "/confirmation-fiche/:token",
        element: <ConfirmSheetPage />,
        handle: { clientOnly: true, noindex: true },
      },
      // « Me prévenir »: the links of the alerts' e-mails; opening one changes nothing, a button does.
      { path: "/alertes/confirmer", element: <AlertConfirmPage />, handle: tokenLink },
      { path: "/alertes", element: <AlertsPage />, handle: tokenLink },
      { path: "/alertes/arreter", element: <AlertStopPage />, handle: tokenLink },
      { path: "/connexion", element: <RequireAccess to="visitor">{<LoginPage />}</RequireAccess>, handle: noindex },
      { path: "/connection", element: <Redirect to="/connexion" permanent /> },
      { path: "/profil", element: partnersOnly(<ProfilePage />), handle: clientOnly },
      { path: "/contact", element: partnersOnly(<ContactPage />), handle: clientOnly },
      { path: "/nouvel-article", element: partnersOnly(<NewArticlePage />), handle: clientOnly },
      {
        path: "/gestion-utilisateurs",
        element: <RequireAccess to="manageUsers">{<UsersAdminPage />}</RequireAccess>,
        handle: clientOnly,
      },
      {
        path: "/fiches-a-verifier",
        element: <RequireAccess to="manageUsers">{<SheetsToReviewPage />}</RequireAccess>,
        handle: clientOnly,
      },
      {
        path: "/signalements",
        element: <RequireAccess to="manageUsers">{<ReportsAdminPage />}</RequireAccess>,
        handle: clientOnly,
      },
      {
        path: "/alertes-e-mail",
        element: <RequireAccess to="manageUsers">{<AlertStatsPage />}</RequireAccess>,
        handle: clientOnly,
      },
      { path: "*", element: <NotFound /> },
    ],
  },
];

/** The page of the current location (in a BrowserRouter, or a StaticRouter on the server). */
export function AppRoutes() {
  return useRoutes(routes);
}
