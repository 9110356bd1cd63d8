import { JSX, lazy } from "react";
import { Navigate, RouteObject } from "react-router-dom";
import { PARTNER_ROLES } from "./modules/auth/session";
import { RequireRole } from "./modules/auth/RequireRole";
import { Layout } from "./modules/layout/Layout";
import NewsListPage from "./pages/NewsListPage";
import { NotFound } from "./ui/NotFound";

// The home page (news) is in the first chunk; every other page loads on demand.
const ResourcesListPage = lazy(() => import("./pages/ResourcesListPage"));
const ServicesListPage = lazy(() => import("./pages/ServicesListPage"));
const MediaDetailPage = lazy(() => import("./pages/MediaDetailPage"));
const ServiceDetailPage = lazy(() => import("./pages/ServiceDetailPage"));
const staticPage = (name: "AboutPage" | "OfferPage" | "LegalNoticePage" | "TermsPage" | "AccessibilityPage") =>
  lazy(() => import("./pages/StaticPages").then((module) => ({ default: module[name] })));
const AboutPage = staticPage("AboutPage");
const OfferPage = staticPage("OfferPage");
const LegalNoticePage = staticPage("LegalNoticePage");
const TermsPage = staticPage("TermsPage");
const AccessibilityPage = staticPage("AccessibilityPage");
const LoginPage = lazy(() => import("./pages/LoginPage"));
const JoinPage = lazy(() => import("./pages/JoinPage"));
const ForgotPasswordPage = lazy(() => import("./pages/ForgotPasswordPage"));
const SetPasswordPage = lazy(() => import("./pages/SetPasswordPage"));
const ProfilePage = lazy(() => import("./pages/ProfilePage"));
const ContactPage = lazy(() => import("./pages/ContactPage"));
const UsersAdminPage = lazy(() => import("./pages/UsersAdminPage"));
const NewArticlePage = lazy(() => import("./pages/NewArticlePage"));

const partnersOnly = (page: JSX.Element) => <RequireRole roles={PARTNER_ROLES}>{page}</RequireRole>;

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
      { path: "/services", element: <ServicesListPage /> },
      { path: "/services/:serviceId", element: <ServiceDetailPage /> },
      { path: "/qui-sommes-nous", element: <AboutPage /> },
      { path: "/que-propose-ce-portail", element: <OfferPage /> },
      { path: "/mentions-legales", element: <LegalNoticePage /> },
      { path: "/conditions-generales-d-utilisation", element: <TermsPage /> },
      { path: "/accessibilite", element: <AccessibilityPage /> },
      { path: "/nous-rejoindre", element: <JoinPage /> },
      { path: "/demande-changement-mot-de-passe", element: <ForgotPasswordPage /> },
      { path: "/changement-mot-de-passe/:userId/:token", element: <SetPasswordPage /> },
      { path: "/connexion", element: <RequireRole roles={["BASIC_USER"]}>{<LoginPage />}</RequireRole> },
      { path: "/connection", element: <Navigate to="/connexion" replace /> },
      { path: "/profil", element: partnersOnly(<ProfilePage />) },
      { path: "/contact", element: partnersOnly(<ContactPage />) },
      { path: "/nouvel-article", element: partnersOnly(<NewArticlePage />) },
      { path: "/gestion-utilisateurs", element: <RequireRole roles={["ADMIN"]}>{<UsersAdminPage />}</RequireRole> },
      { path: "*", element: <NotFound /> },
    ],
  },
];
