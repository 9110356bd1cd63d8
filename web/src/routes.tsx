import { lazy } from "react";
import { Navigate, RouteObject } from "react-router-dom";
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
      { path: "/connection", element: <Navigate to="/connexion" replace /> },
      { path: "*", element: <NotFound /> },
    ],
  },
];
